import { useQueryClient } from '@tanstack/react-query';
import { api, bearer, call, publicApi, upload } from '../../lib/api.ts';
import { profileKeys } from '../../shell/session.ts';
import { companyKeys } from '../company/index.ts';

// The sign-in area's calls. The sign-in forms send through plain
// functions rather than mutation hooks: each screen already sends once per submit (useSubmitOnce in
// lib/form.ts) and words every failure itself (notify.ts), offline included.

/** POST /auth/register. */
export function signUp(json: Parameters<typeof publicApi.auth.register.$post>[0]['json']) {
  return call(publicApi.auth.register.$post({ json }));
}

/** POST /auth/login; `deviceToken` lets a known browser skip the e-mailed code (device-token.ts). */
export function logIn(email: string, password: string, deviceToken?: string) {
  return call(publicApi.auth.login.$post({ json: { email, password, ...(deviceToken ? { deviceToken } : {}) } }));
}

/** POST /auth/send-otp: a sign-in or a reset code by e-mail. */
export function sendCode(email: string, purpose: 'login' | 'reset') {
  return call(publicApi.auth['send-otp'].$post({ json: { email, purpose } }));
}

/** POST /auth/login-verify-otp; `token` is the sign-in's challenge, absent for a reset code. */
export function verifyCode(email: string, otp: string, token?: string) {
  return call(publicApi.auth['login-verify-otp'].$post({ json: { email, otp, ...(token ? { token } : {}) } }));
}

/** POST /auth/reset-password, authorised by the reset token the code gave. */
export function resetPassword(email: string, newPassword: string, resetToken: string) {
  return call(publicApi.auth['reset-password'].$post({ json: { email, newPassword } }, bearer(resetToken)));
}

/** PUT /users/profile (multipart: the fields and an optional photo); the cached profile becomes the answer, the team is asked again. */
export function useSaveProfile() {
  const client = useQueryClient();
  return async (form: FormData) => {
    const res = await upload(api.users.profile, '$put', form, () => undefined);
    client.setQueryData(profileKeys.mine(), res.data);
    // An owner's Company Name renames the company the Team section shows.
    void client.invalidateQueries({ queryKey: companyKeys.mine });
    return res;
  };
}

/** POST /staff/invitations/accept: the invited admin's name and password (docs/product.md §25). */
export function acceptStaffInvitation(json: { email: string; token: string; fullName: string; password: string }) {
  return call(publicApi.staff.invitations.accept.$post({ json }));
}
