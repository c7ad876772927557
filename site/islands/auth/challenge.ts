// The login challenge of /auth/login (ARCHITECTURE.md "Authentication"): it is not
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
