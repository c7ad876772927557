import { keepPreviousData, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, call } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';

// The users area's calls, one hook each, keyed by userKeys.

/** Every cache key of the area. */
export const userKeys = {
  all: ['users'] as const,
  page: (pageIndex: number) => [...userKeys.all, pageIndex] as const,
};

type Done = { message: string };
type Options<TVariables> = Omit<UseMutationOptions<Done, Error, TVariables>, 'mutationFn'>;

/** GET /users: one page of the accounts, the page shown kept while the next loads. */
export function useUsersPage(pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: userKeys.page(pageIndex),
    queryFn: () => call(api.users.$get({ query: { page: String(pageIndex + 1), pageSize: String(pageSize) } })),
    placeholderData: keepPreviousData,
  });
}

/** POST /auth/approve/{id}: refreshes the list, then runs the screen's own onSuccess. */
export function useApproveUser(options: Options<string>) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    ...options,
    mutationFn: (id: string) => call(api.auth.approve[':id'].$post({ param: { id } })),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: userKeys.all });
      return options.onSuccess?.(...args);
    },
  });
}
