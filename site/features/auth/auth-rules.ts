// The pure rules of the auth screens (docs/product.md §2, §5), kept apart from React so they are unit-tested.
// No schema here: the auth screens load theirs lazily (site/lib/form.ts) and carry this file in their first load.
import { paths, safeNext } from '../../lib/routes.ts';

export type Strength = 'Weak' | 'Medium' | 'Strong';

/** docs/product.md §5: Strong if at least 8 characters with an uppercase letter and a digit; Medium if at least 6; otherwise Weak. */
export function passwordStrength(password: string): Strength {
  if (password.length >= 8 && /[A-Z]/.test(password) && /\d/.test(password)) return 'Strong';
  if (password.length >= 6) return 'Medium';
  return 'Weak';
}

/** docs/product.md §5 sign-up: names trimmed and joined by one space into fullName, e-mail trimmed (the shared SignupFormSchema's first step). */
export { signupBody } from '../../../portal-api/src/modules/auth/auth.rules.ts';

/** docs/product.md §2 /otp-verification: where a verified code leads (or the page the visitor was heading to). */
export function afterOtp(email: string, role: string | null, from: string | null, next?: string | null): string {
  if (from === 'login') return safeNext(next) ?? (role === 'admin' ? paths.admin : paths.portal);
  return paths.resetPassword(email);
}
