// The auth screens' small rules, shared by the schemas and the screens. No imports (not even
// zod): the screens use them without loading a schema library.

/** docs/product.md §9 "Passwords: login minimum 8; sign-up minimum 8; reset minimum 6." */
export const PASSWORD_MIN = { login: 8, signup: 8, reset: 6 } as const;

/**
 * docs/product.md lets a reset choose 6 or 7 characters, which its own login screen then refuses (minimum 8,
 * browser-enforced): the reset screen says so under the strength while the password is that long.
 */
export const SHORT_FOR_LOGIN = `The login screen asks for at least ${PASSWORD_MIN.login} characters: choose ${PASSWORD_MIN.login} or more to sign in with it.`;

/** docs/product.md §5 sign-up: first and last names trimmed and joined by one space into fullName, e-mail trimmed. */
export function signupBody(form: { firstName: string; lastName: string; email: string; password: string }) {
  return { fullName: `${form.firstName.trim()} ${form.lastName.trim()}`.trim(), email: form.email.trim(), password: form.password };
}
