import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { firstError, lazyZodResolver } from './form.ts';
import { LoginSchema, ResetPasswordFormSchema } from '../../portal-api/src/modules/auth/auth.schema.ts';

// The forms' resolver loads zod and the schema on first use; what it answers
// must be zodResolver's over the same schema, whenever the load ends.

// What react-hook-form passes a resolver; `any`: each test's form has its own values.
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<any>;

/** A load that ends when the test says so. */
function heldLoad<T>(value: T) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(() => released.then(() => value));
  return { load, release };
}

describe('lazyZodResolver', () => {
  it('loads nothing until the form is first checked', async () => {
    const load = vi.fn(async () => LoginSchema);
    const resolver = lazyZodResolver(load, undefined, { raw: true });
    expect(load).not.toHaveBeenCalled();
    await resolver({ email: 'ada@example.com', password: 'x' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses bad input on the first submit, once the schema arrives, with the sentence zodResolver gives', async () => {
    const { load, release } = heldLoad(LoginSchema);
    const resolver = lazyZodResolver(load, undefined, { raw: true });
    const values = { email: 'ada@localhost', password: 'Ada-Passw0rd' };
    let settled = false;
    const checked = Promise.resolve(resolver(values, undefined, options)).finally(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    const result = await checked;
    expect(result).toEqual(await zodResolver(LoginSchema, undefined, { raw: true })(values, undefined, options));
    expect(firstError(result.errors)).toBe('Please enter a valid email address.');
  });

  it('passes what the schema accepts: the values as typed when raw, the parsed ones otherwise', async () => {
    const values = { email: ' Ada@Example.com ', password: 'Ada-Passw0rd' };
    const raw = await lazyZodResolver(async () => LoginSchema, undefined, { raw: true })(values, undefined, options);
    expect(raw).toEqual({ values, errors: {} });
    const parsed = await lazyZodResolver(async () => LoginSchema)(values, undefined, options);
    expect(parsed).toEqual({ values: { email: 'ada@example.com', password: 'Ada-Passw0rd' }, errors: {} });
  });

  it('keeps the schema order of the messages (reset password: required, length, match)', async () => {
    const resolver = lazyZodResolver(async () => ResetPasswordFormSchema);
    const message = async (newPassword: string, confirm: string) =>
      firstError((await resolver({ newPassword, confirm }, undefined, options)).errors) ?? null;
    expect(await message('', 'x')).toBe('All fields are required.');
    expect(await message('abc', 'abc')).toBe('Password must be at least 6 characters.');
    expect(await message('abcdef', 'abcdeg')).toBe('Passwords do not match.');
    expect(await message('abcdef', 'abcdef')).toBeNull();
  });

  it('loads once, whether warmed early, warmed twice or checked while loading', async () => {
    const { load, release } = heldLoad(LoginSchema);
    const resolver = lazyZodResolver(load, undefined, { raw: true });
    void resolver.warm();
    void resolver.warm();
    const checks = [1, 2].map(() => resolver({ email: 'ada@localhost', password: 'x' }, undefined, options));
    release();
    for (const result of await Promise.all(checks)) expect(firstError(result.errors)).toBe('Please enter a valid email address.');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again at the next check', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(LoginSchema);
    const resolver = lazyZodResolver(load, undefined, { raw: true });
    await expect(resolver.warm()).rejects.toThrow('Failed to fetch');
    const result = await resolver({ email: 'ada@localhost', password: 'x' }, undefined, options);
    expect(firstError(result.errors)).toBe('Please enter a valid email address.');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
