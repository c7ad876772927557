import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';
import { toast } from '../../ui/toast-on-demand.ts';
import { serverMessage } from '../../lib/api.ts';
import { PRODUCT_TEXTS } from '../../lib/product-texts.ts';

type StepAnswer = { message: string; warning?: string };

/**
 * One lifecycle move of a request (quote, accept, decline, reopen,
 * outcome): sends it (a typed `call(client…$post(…))` of the caller), shows the server's sentence (a refused move's 409 too) and
 * reloads the workspace and the lists that show the request.
 */
export function useRequestStep() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (send: () => Promise<StepAnswer>) => send(),
    onSuccess: (answer) => {
      toast.success(answer.message);
      if (answer.warning) toast.warning(answer.warning, { duration: 8000 });
    },
    onError: (err) => toast.error(serverMessage(err) || PRODUCT_TEXTS.somethingWrong),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['workspace'] });
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
