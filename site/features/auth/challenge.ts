// The login challenge of /auth/login (docs/architecture.md "Authentication"): it is not
// a session, so it stays out of the session store and lives only in this tab.
const KEY = 'loginChallenge';

export function saveChallenge(token: string | undefined): void {
  if (token) sessionStorage.setItem(KEY, token);
  else sessionStorage.removeItem(KEY);
}

export function readChallenge(): string | undefined {
  return sessionStorage.getItem(KEY) ?? undefined;
}

export function clearChallenge(): void {
  sessionStorage.removeItem(KEY);
}

// The one-time reset token of a verified reset code: the
// reset-password screen sends it as the bearer. Only in this tab, used once, so a leaked code cannot reset the password again.
const RESET_KEY = 'resetToken';

export function saveResetToken(token: string | undefined): void {
  if (token) sessionStorage.setItem(RESET_KEY, token);
  else sessionStorage.removeItem(RESET_KEY);
}

export function readResetToken(): string | undefined {
  return sessionStorage.getItem(RESET_KEY) ?? undefined;
}
