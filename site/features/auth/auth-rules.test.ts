import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { afterOtp, passwordStrength, signupBody } from './auth-rules.ts';
import { OtpFormSchema, ResetPasswordFormSchema } from '../../../portal-api/src/modules/auth/auth.schema.ts';

/** The message a form shows for `value`: the schema's first issue, or null when it passes. */
const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};
const resetPasswordError = (newPassword: string, confirm: string) => firstMessage(ResetPasswordFormSchema, { newPassword, confirm });
const otpError = (otp: string) => firstMessage(OtpFormSchema, { otp });

describe('passwordStrength (docs/product.md §5)', () => {
  it.each([
    ['', 'Weak'],
    ['abcde', 'Weak'],
    ['abcdef', 'Medium'],
    ['abcdefgh', 'Medium'],
    ['Abcdefg1', 'Strong'],
    ['abcdefg1', 'Medium'],
    ['ABCDEFGH', 'Medium'],
    ['Abcdef1', 'Medium'],
  ])('%j is %s', (pw, expected) => expect(passwordStrength(pw)).toBe(expected));

  it('never rates a password under 6 characters above Weak', () => {
    fc.assert(fc.property(fc.string({ maxLength: 5 }), (pw) => passwordStrength(pw) === 'Weak'));
  });
});

describe('ResetPasswordFormSchema (docs/product.md §5)', () => {
  it('checks required, then length, then match', () => {
    expect(resetPasswordError('', 'x')).toBe('All fields are required.');
    expect(resetPasswordError('abc', '')).toBe('All fields are required.');
    expect(resetPasswordError('abc', 'abc')).toBe('Password must be at least 6 characters.');
    expect(resetPasswordError('abcdef', 'abcdeg')).toBe('Passwords do not match.');
    expect(resetPasswordError('abcdef', 'abcdef')).toBeNull();
  });
});

describe('OtpFormSchema', () => {
  it('accepts exactly 6 digits', () => {
    expect(otpError('012345')).toBeNull();
    for (const bad of ['', '12345', '1234567', '12a456']) expect(otpError(bad)).toBe('Please enter a valid 6-digit OTP.');
  });
});

describe('signupBody', () => {
  it('trims and joins the names and trims the e-mail', () => {
    expect(signupBody({ firstName: '  Ana ', lastName: ' Lopez  ', email: ' ana@example.com ', password: ' keep me ' })).toEqual({
      fullName: 'Ana Lopez',
      email: 'ana@example.com',
      password: ' keep me ',
    });
  });
});

describe('afterOtp (docs/product.md §2)', () => {
  it('sends a login to the area of the role and anything else to the reset page', () => {
    expect(afterOtp('a@b.co', 'admin', 'login')).toBe('/admin');
    expect(afterOtp('a@b.co', 'client', 'login')).toBe('/portal');
    expect(afterOtp('a@b.co', null, 'login')).toBe('/portal');
    expect(afterOtp('a+b@c.co', 'admin', null)).toBe('/reset-password?email=a%2Bb%40c.co');
    expect(afterOtp('a@b.co', null, 'forgot')).toBe('/reset-password?email=a%40b.co');
  });

  it('follows a same-site next after sign-in and ignores any other', () => {
    expect(afterOtp('a@b.co', 'client', 'login', '/request?service=Sub-Contractor&subService=Demolititon')).toBe(
      '/request?service=Sub-Contractor&subService=Demolititon',
    );
    expect(afterOtp('a@b.co', 'client', 'login', 'https://evil.example/')).toBe('/portal');
    expect(afterOtp('a@b.co', 'client', 'login', '//evil.example/')).toBe('/portal');
    expect(afterOtp('a@b.co', 'admin', 'login', '/\\evil.example')).toBe('/admin');
    expect(afterOtp('a@b.co', null, 'forgot', '/request')).toBe('/reset-password?email=a%40b.co');
  });
});
