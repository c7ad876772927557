import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, publicApi } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';

// The company area's calls (docs/product.md, "Colleagues"), one hook each, keyed by companyKeys.

export const companyKeys = { mine: ['company', 'me'] as const };

/** GET /companies/me: the members and, for the owner, the open invitations. */
export function useCompany() {
  return useQuery({ queryKey: companyKeys.mine, queryFn: () => call(api.companies.me.$get()) });
}

function useCompanyChange<T>(fn: (v: T) => Promise<{ message: string }>, onDone: (message: string) => void, onFail: (err: Error) => void) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: companyKeys.mine });
      onDone(res.message);
    },
    onError: onFail,
  });
}

/** POST /companies/me/invites. */
export const useInvite = (onDone: (m: string) => void, onFail: (e: Error) => void) =>
  useCompanyChange((email: string) => call(api.companies.me.invites.$post({ json: { email } })), onDone, onFail);

/** DELETE /companies/me/members/{userId}: ends that member's access at once. */
export const useRemoveMember = (onDone: (m: string) => void, onFail: (e: Error) => void) =>
  useCompanyChange((userId: string) => call(api.companies.me.members[':userId'].$delete({ param: { userId } })), onDone, onFail);

/** DELETE /companies/me/invites/{inviteId}. */
export const useWithdrawInvite = (onDone: (m: string) => void, onFail: (e: Error) => void) =>
  useCompanyChange((inviteId: string) => call(api.companies.me.invites[':inviteId'].$delete({ param: { inviteId } })), onDone, onFail);

/** POST /companies/me/leave: the member is signed out everywhere afterwards. */
export const useLeaveCompany = (onDone: (m: string) => void, onFail: (e: Error) => void) =>
  useCompanyChange((_: void) => call(api.companies.me.leave.$post()), onDone, onFail);

/** POST /companies/invites/lookup: what an invitation link is for (the sign-up page). */
export function lookupInvite(invite: string) {
  return call(publicApi.companies.invites.lookup.$post({ json: { invite } }));
}

/** PUT or DELETE /queries/{id}/follow. */
export function setFollowing(queryId: string, follow: boolean) {
  const route = api.queries[':id'].follow;
  return call(follow ? route.$put({ param: { id: queryId } }) : route.$delete({ param: { id: queryId } }));
}
