import { z } from 'zod';
import { InviteTokenSchema } from '../companies/companies.schema.ts';
import { ROLES } from '../../shared/roles.ts';
import { AUTH_TEXTS } from './auth.labels.ts';
import { PASSWORD_MIN, signupBody } from './auth.rules.ts';

/** The longest full name (first and last joined), shared with /signup (refused with a sentence, never cut). */
export const FULL_NAME_MAX = 120;
export const FULL_NAME_REQUIRED = 'Full name is required.';
export const FULL_NAME_TOO_LONG = `Your name can be at most ${FULL_NAME_MAX} characters.`;

// docs/product.md §5 and §9: sign-up and login passwords at least 8 characters, reset at least 6.
const email = z.string().trim().toLowerCase().max(320).pipe(z.email('Please enter a valid email address.'));

export const RegisterSchema = z
  .object({
    fullName: z.string().trim().min(1, FULL_NAME_REQUIRED).max(FULL_NAME_MAX, FULL_NAME_TOO_LONG),
    email,
    password: z.string().min(PASSWORD_MIN.signup, `Password must be at least ${PASSWORD_MIN.signup} characters.`).max(256),
    invite: InviteTokenSchema.optional().meta({
      description: "The token of a colleague's invitation link: the account joins that company (the e-mail must be the one invited).",
    }),
  })
  .meta({ id: 'Register' });

export const FIRST_NAME_REQUIRED = 'First name is required.';
export const LAST_NAME_REQUIRED = 'Last name is required.';

/**
 * The /signup form: docs/product.md §5 requires both names (blank after trimming counts as missing); its four
 * fields then become the Register body, checked by RegisterSchema's own rules.
 */
export const SignupFormSchema = z
  .object({
    firstName: z.string().refine((v) => v.trim() !== '', FIRST_NAME_REQUIRED),
    lastName: z.string().refine((v) => v.trim() !== '', LAST_NAME_REQUIRED),
    email: z.string(),
    password: z.string(),
  })
  .transform(signupBody)
  .pipe(RegisterSchema);

export const LoginSchema = z
  .object({
    email,
    password: z.string().min(1, 'Password is required.').max(256),
    deviceToken: z.string().max(200).optional().meta({
      description: "The deviceToken of this user's last finished sign-in on this browser: its wrong passwords are throttled apart.",
    }),
  })
  .meta({ id: 'Login' });

export const OTP_PURPOSES = ['login', 'reset'] as const;

export const SendOtpSchema = z
  .object({
    email,
    purpose: z.enum(OTP_PURPOSES, { error: "The purpose is 'login' or 'reset'." }).optional().meta({
      description:
        "'reset' (the forgot-password screen) always sends a password reset code. 'login' or none: a sign-in code while a password step is pending (the code screen's resend), otherwise a reset code.",
    }),
  })
  .meta({ id: 'SendOtp' });

export const VerifyOtpSchema = z
  .object({
    email,
    otp: z
      .string()
      .trim()
      .regex(/^\d{6}$/, AUTH_TEXTS.otpFormat),
    /** Optional: the challenge returned by /auth/login, bound to the code when given. */
    token: z.string().max(200).optional(),
  })
  .meta({ id: 'VerifyOtp' });

/** The /otp-verification form: the code alone (the e-mail and challenge come from the page, not the person). */
export const OtpFormSchema = VerifyOtpSchema.pick({ otp: true });

export const ResetPasswordSchema = z
  .object({
    email,
    newPassword: z.string().min(PASSWORD_MIN.reset, AUTH_TEXTS.resetTooShort).max(256),
  })
  .meta({ id: 'ResetPassword' });

/**
 * The /reset-password form (docs/product.md §5): both fields, at least 6 characters, matching, checked in
 * that order with one message at a time; the new password is then sent as ResetPassword's.
 */
export const ResetPasswordFormSchema = z
  .object({ newPassword: z.string(), confirm: z.string() })
  .superRefine(({ newPassword, confirm }, ctx) => {
    const problem =
      !newPassword || !confirm
        ? AUTH_TEXTS.resetRequired
        : newPassword.length < PASSWORD_MIN.reset
          ? AUTH_TEXTS.resetTooShort
          : newPassword !== confirm
            ? AUTH_TEXTS.resetMismatch
            : null;
    // On the field it is about, so the form can mark that one (WCAG 3.3.1): the empty one, the short one, the confirmation.
    const field = problem === AUTH_TEXTS.resetMismatch || (problem === AUTH_TEXTS.resetRequired && newPassword) ? 'confirm' : 'newPassword';
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [field] });
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

export const IdParamSchema = z.object({ id: z.string().min(1).max(64) });

export const SessionUserSchema = z
  .object({ _id: z.string(), fullName: z.string(), email: z.string(), role: z.enum(ROLES), status: z.string() })
  .meta({ id: 'SessionUser' });

export const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

/** POST /auth/login-verify-otp: a login code answers the session token and user; a reset code a one-time reset token. */
export const VerifiedOtpSchema = z
  .object({
    message: z.string(),
    token: z.string().meta({ description: 'The session token (login code) or the one-time reset token (reset code).' }),
    user: SessionUserSchema.optional().meta({ description: 'With a login code only.' }),
    verified: z.literal(true).optional().meta({ description: 'With a reset code only.' }),
    deviceToken: z
      .string()
      .optional()
      .meta({ description: 'With a login code only: send it with the next /auth/login of this user from this browser.' }),
  })
  .meta({ id: 'VerifiedOtp' });
