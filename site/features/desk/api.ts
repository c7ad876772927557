import { useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, call, upload } from '../../lib/api.ts';
import { REQUEST_VIEWS } from '../../lib/cache-keys.ts';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';
import { requestKeys } from '../request/index.ts';

// The firm's desk (docs/product.md §25): the admins, assignment, internal notes and saved replies.

export const deskKeys = {
  staff: ['staff'] as const,
  notes: (queryId: string) => [...REQUEST_VIEWS.notes, queryId] as const,
  replies: ['saved-replies'] as const,
};

type Options<TResult, TVariables> = Omit<UseMutationOptions<TResult, Error, TVariables>, 'mutationFn'>;

/** GET /staff: the admins (active first) and the open invitations. */
export function useStaff() {
  return useQuery({ queryKey: deskKeys.staff, queryFn: () => call(api.staff.$get()) });
}

/** The active admins, for the assignee pickers and the queue's default filter. */
export function useActiveStaff() {
  const staff = useStaff();
  return { ...staff, active: staff.data?.data.filter((s) => s.status === 'active') ?? [] };
}

/** PUT /queries/{id}/assignee: every admin list and the request's workspace refresh. */
export function useAssign(options: Options<{ message: string }, { queryId: string; assigneeId: string | null }> = {}) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    ...options,
    mutationFn: ({ queryId, assigneeId }) => call(api.queries[':id'].assignee.$put({ param: { id: queryId }, json: { assigneeId } })),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: REQUEST_VIEWS.admin });
      void client.invalidateQueries({ queryKey: requestKeys.workspace(args[1].queryId) });
      return options.onSuccess?.(...args);
    },
  });
}

/** GET /queries/{id}/notes. */
export function useNotes(queryId: string) {
  return useQuery({
    queryKey: deskKeys.notes(queryId),
    queryFn: () => call(api.queries[':id'].notes.$get({ param: { id: queryId } })).then((r) => r.data),
  });
}

/** POST /queries/{id}/notes. */
export function useAddNote(queryId: string, options: Options<unknown, string> = {}) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    ...options,
    mutationFn: (body: string) => call(api.queries[':id'].notes.$post({ param: { id: queryId }, json: { body } })),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: deskKeys.notes(queryId) });
      return options.onSuccess?.(...args);
    },
  });
}

/** GET /saved-replies. */
export function useSavedReplies(enabled = true) {
  return useQuery({ queryKey: deskKeys.replies, queryFn: () => call(api['saved-replies'].$get()).then((r) => r.data), enabled });
}

function useRefreshReplies<TResult, TVariables>(options: Options<TResult, TVariables>): Options<TResult, TVariables> {
  const client = useQueryClient();
  return {
    ...options,
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: deskKeys.replies });
      return options.onSuccess?.(...args);
    },
  };
}

/** POST /saved-replies (multipart: title, body, files[]). */
export function useCreateSavedReply(options: Options<unknown, FormData> = {}) {
  return useSingleFlightMutation({
    ...useRefreshReplies(options),
    mutationFn: (form: FormData) => upload(api['saved-replies'], '$post', form, () => undefined),
  });
}

/** DELETE /saved-replies/{id}. */
export function useDeleteSavedReply(options: Options<unknown, string> = {}) {
  return useSingleFlightMutation({
    ...useRefreshReplies(options),
    mutationFn: (id: string) => call(api['saved-replies'][':id'].$delete({ param: { id } })),
  });
}

/** POST /staff/invitations. */
export function useInviteStaff(options: Options<{ message: string }, string> = {}) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    ...options,
    mutationFn: (email: string) => call(api.staff.invitations.$post({ json: { email } })),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: deskKeys.staff });
      return options.onSuccess?.(...args);
    },
  });
}

/** POST /staff/{id}/disable or /enable. */
export function useStaffSwitch(options: Options<{ message: string }, { id: string; enable: boolean }> = {}) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    ...options,
    mutationFn: ({ id, enable }) =>
      call(enable ? api.staff[':id'].enable.$post({ param: { id } }) : api.staff[':id'].disable.$post({ param: { id } })),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: deskKeys.staff });
      return options.onSuccess?.(...args);
    },
  });
}
