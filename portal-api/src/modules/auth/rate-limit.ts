// The rate limits of the password, code and reset calls, after the Lucia example
// (lucia-auth/example-sveltekit-email-password-2fa): a limit per IP address plus
// an escalating throttle per account. They run on lib/rate-limit.ts
// (rate-limiter-flexible), so on PostgreSQL every instance counts together.
// The numbers are in LIMITS, the one place to tune them; tests read them too.

import type { RateLimits } from '../../lib/rate-limit.ts';

export const LIMITS = {
  /**
   * Every auth call (register, login, send-otp, login-verify-otp, reset-password)
   * from one IP: a burst of 100, then one call every 2 s (30 a minute). A person
   * signing in makes 2-4 calls; a script guessing gets 30 tries a minute.
   * A finished sign-in (right password, then right code) gives its two calls
   * back, so people signing in from one address do not spend it.
   */
  ip: { max: 100, refillSeconds: 2 },
  /**
   * Wrong passwords for one account: 5 free (typos), then each further try
   * waits 5 s, 15 s, 30 s, 1 min, 2 min, then 5 min, until a good password.
   */
  password: { delaysSeconds: [0, 0, 0, 0, 0, 5, 15, 30, 60, 120, 300] },
  /**
   * Wrong codes for one account, across codes (each code also burns after 5
   * wrong tries): 10 free, then 5 s, 15 s, 30 s, 1 min, 2 min, then 5 min.
   * With 6-digit codes that keeps a script well under 1 in 1,000 a day.
   * Tries that carry the challenge of a live sign-in count apart from those
   * that do not (otp.ts codeAttempt), so only the password's holder spends them.
   */
  code: { delaysSeconds: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 15, 30, 60, 120, 300] },
  /** docs/product.md §9: the OTP screen allows a resend after 60 s; the same per e-mail, known or not. */
  resendSeconds: 60,
  /** At most one 'someone tried to register' mail per address in 10 minutes, so sign-up cannot flood an inbox. */
  registerWarningSeconds: 600,
} as const;

/** The auth limiters of one server, on its rate-limit store. */
export function createAuthLimits(limits: RateLimits) {
  return {
    ip: limits.bucket('auth:ip', { burst: LIMITS.ip.max, points: 1, perSeconds: LIMITS.ip.refillSeconds }),
    password: limits.throttle('auth:password', LIMITS.password.delaysSeconds),
    code: limits.throttle('auth:code', LIMITS.code.delaysSeconds),
    resend: limits.cooldown('auth:resend', LIMITS.resendSeconds),
    registerWarning: limits.cooldown('auth:register-warning', LIMITS.registerWarningSeconds),
  };
}
export type AuthLimits = ReturnType<typeof createAuthLimits>;
