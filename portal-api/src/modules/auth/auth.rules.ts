// The /signup form's body rule, shared by SignupFormSchema and the sign-up screen. No imports
// (not even zod): the screen sends what it builds here without loading a schema library.

/** SPEC §5 sign-up: first and last names trimmed and joined by one space into fullName, e-mail trimmed. */
export function signupBody(form: { firstName: string; lastName: string; email: string; password: string }) {
  return { fullName: `${form.firstName.trim()} ${form.lastName.trim()}`.trim(), email: form.email.trim(), password: form.password };
}
