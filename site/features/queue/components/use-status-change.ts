import { toast } from '../../../ui/toast-on-demand.ts';
import { ApiError, serverMessage } from '../../../lib/api.ts';
import { useChangeStatus } from '../api.ts';
import { QUERY_CLOSED } from '../../../../portal-api/src/modules/queries/queries.labels.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';

/** Changes a request's status and toasts the outcome (docs/product.md §8 texts for closing); api.ts refreshes the lists. */
export function useStatusChange() {
  return useChangeStatus({
    onSuccess: (res, { status }) => toast.success(status === 'closed' ? QUERY_CLOSED : res.message),
    onError: (err, { status }) => {
      if (status === 'closed') {
        if (err instanceof ApiError && err.status)
          toast.error('Failed to close query', err.message ? { description: err.message } : undefined);
        else toast.error(PRODUCT_TEXTS.somethingWrong);
      } else toast.error(serverMessage(err) || PRODUCT_TEXTS.somethingWrong);
    },
  });
}
