// The invitation token rides in the sign-up link's fragment (#invite=…), which browsers never send
// to a server; the sign-up page reads it here.
export { lookupInvite } from './api.ts';

export function inviteFromLocation(hash = typeof window === 'undefined' ? '' : window.location.hash): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('invite');
  return value && value.length <= 100 ? value : null;
}
