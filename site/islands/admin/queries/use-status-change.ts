import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';
import { toast } from '../../ui/toast-on-demand.ts';
import { api, ApiError, call, serverMessage } from '../../../lib/api.ts';
import type { QueryStatus } from '../admin-format.tsx';
import { QUERY_CLOSED } from '../../../../portal-api/src/modules/queries/queries.labels.ts';
import { SPEC_TEXTS } from '../../../lib/spec-texts.ts';

/** PATCH /queries/{id}/status; refreshes every admin list and toasts the outcome (SPEC §8 texts for closing). */
export function useStatusChange() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    /** `note`: what this revision changed, when answering (issue 13). */
    mutationFn: ({ id, status, note }: { id: string; status: QueryStatus; note?: string }) =>
      call(api.queries[':id'].status.$patch({ param: { id }, json: { status, note } })),
    onSuccess: (res, { id, status }) => {
      toast.success(status === 'closed' ? QUERY_CLOSED : res.message);
      void client.invalidateQueries({ queryKey: ['admin'] });
      // The request workspace beside the chat shows the status too.
      void client.invalidateQueries({ queryKey: ['workspace', id] });
    },
    onError: (err, { id, status }) => {
      // Refused because the request moved on meanwhile (409: a client accepted a quote, another
      // admin acted): the lists show what it is now, instead of offering the same button again.
      if (err instanceof ApiError && err.status) {
        void client.invalidateQueries({ queryKey: ['admin'] });
        void client.invalidateQueries({ queryKey: ['workspace', id] });
      }
      if (status === 'closed') {
        if (err instanceof ApiError && err.status)
          toast.error('Failed to close query', err.message ? { description: err.message } : undefined);
        else toast.error(SPEC_TEXTS.somethingWrong);
      } else toast.error(serverMessage(err) || SPEC_TEXTS.somethingWrong);
    },
  });
}

export const CLOSE_CONFIRM = 'Are you sure you want to close this query? This action cannot be undone.';
