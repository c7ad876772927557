import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, latestCode } from '../../../tests/api/harness.ts';
import { type Browser, openBrowser } from '../../../tests/component/browser.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { ForgotPasswordScreen } from './ForgotPasswordScreen.tsx';
import { LoginScreen } from './LoginScreen.tsx';
import { OtpScreen } from './OtpScreen.tsx';
import { ResetPasswordScreen } from './ResetPasswordScreen.tsx';
import { SignupScreen } from './SignupScreen.tsx';

// The auth screens against the real API: SPEC §5 texts from the shared schemas,
// the calls they make, and where they send the visitor.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.stop());

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const signOut = () => useAuth.getState().signOut();

describe('sign-up', () => {
  it('refuses a name over 120 characters without calling the API', async () => {
    signOut();
    browser.visit('/signup');
    render(<SignupScreen />);
    type('First name', 'A'.repeat(100));
    type('Last name', 'B'.repeat(30));
    type('Email', 'long@example.com');
    type(/^Password/, 'Long-Passw0rd');
    click('Sign Up');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Your name can be at most 120 characters.');
    const row = await browser.server.deps.db.selectFrom('users').select('id').where('email', '=', 'long@example.com').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('registers the joined name, keeps the sign-up token and opens /login', async () => {
    signOut();
    browser.visit('/signup');
    render(<SignupScreen />);
    type('First name', '  Ada ');
    type('Last name', ' Lovelace ');
    type('Email', ' Ada@Example.com ');
    type(/^Password/, 'Ada-Passw0rd');
    click('Sign Up');
    await waitFor(() => expect(browser.visited).toEqual(['/login']));
    expect(localStorage.getItem('token')).toBeTruthy();
    const row = await browser.server.deps.db
      .selectFrom('users')
      .select(['full_name', 'status'])
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: 'Ada Lovelace', status: 'pending' });
  });
});

describe('login', () => {
  it("shows the server's sentence for a wrong password", async () => {
    signOut();
    browser.visit('/login');
    render(<LoginScreen />);
    type('Email', ADMIN.email);
    type(/^Password/, 'Wrong-Passw0rd');
    click('Login');
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    expect(browser.visited).toEqual([]);
  });

  it("tells an unapproved client 'Please get approval from admin.'", async () => {
    signOut();
    browser.visit('/login');
    render(<LoginScreen />);
    type('Email', 'ada@example.com');
    type(/^Password/, 'Ada-Passw0rd');
    click('Login');
    expect(await screen.findByText('Please get approval from admin.')).toBeTruthy();
    expect(browser.visited).toEqual([]);
  });

  it('sends the admin to the code step with the challenge kept', async () => {
    signOut();
    browser.visit('/login?next=/admin-queries');
    render(<LoginScreen />);
    type('Email', ADMIN.email);
    type(/^Password/, ADMIN.password);
    click('Login');
    await waitFor(() => expect(browser.visited).toHaveLength(1));
    const next = new URL(browser.visited[0]!, 'http://x');
    expect(next.pathname).toBe('/otp-verification');
    expect(Object.fromEntries(next.searchParams)).toEqual({ email: ADMIN.email, role: 'admin', from: 'login', next: '/admin-queries' });
    expect(sessionStorage.getItem('loginChallenge')).toBeTruthy();
  });
});

describe('code step', () => {
  it("refuses an incomplete code with 'Please enter a valid 6-digit OTP.', then signs in with the mailed one", async () => {
    signOut();
    browser.visit('/login');
    const login = render(<LoginScreen />);
    type('Email', ADMIN.email);
    type(/^Password/, ADMIN.password);
    click('Login');
    await waitFor(() => expect(browser.visited).toHaveLength(1));
    const code = await latestCode(browser.server, ADMIN.email);
    const otpPage = browser.visited[0]!;
    login.unmount();

    browser.visit(otpPage);
    const { unmount } = render(<OtpScreen />);
    const box = await screen.findByLabelText('Digit 1 of 6');
    fireEvent.change(box, { target: { value: code.slice(0, 5) } });
    click('Verify');
    expect(await screen.findByText('Please enter a valid 6-digit OTP.')).toBeTruthy();

    fireEvent.change(box, { target: { value: code } });
    expect(screen.queryByText('Please enter a valid 6-digit OTP.')).toBeNull();
    click('Verify');
    expect(await screen.findByText('User login successfully!')).toBeTruthy();
    await waitFor(() => expect(browser.visited).toEqual(['/admin']), { timeout: 3000 });
    expect(localStorage.getItem('role')).toBe('admin');
    expect(sessionStorage.getItem('loginChallenge')).toBeNull();
    unmount();
  });
});

describe('forgot and reset password', () => {
  it('mails a code, then checks required, length and match in that order before resetting', async () => {
    signOut();
    browser.visit('/forgot-password');
    const forgot = render(<ForgotPasswordScreen />);
    type('Email', 'ada@example.com');
    click('Send Code');
    await waitFor(() => expect(browser.visited).toEqual(['/otp-verification?email=ada%40example.com']));
    forgot.unmount();

    const code = await latestCode(browser.server, 'ada@example.com');
    browser.visit('/otp-verification?email=ada%40example.com');
    const otp = render(<OtpScreen />);
    fireEvent.change(await screen.findByLabelText('Digit 1 of 6'), { target: { value: code } });
    click('Verify');
    await waitFor(() => expect(browser.visited).toEqual(['/reset-password?email=ada%40example.com']), { timeout: 3000 });
    otp.unmount();

    browser.visit('/reset-password?email=ada%40example.com');
    render(<ResetPasswordScreen />);
    const alert = async () => (await screen.findByRole('alert')).textContent;
    click('Reset Password');
    await waitFor(async () => expect(await alert()).toBe('All fields are required.'));
    type('New password', 'abc');
    type('Confirm password', 'abc');
    click('Reset Password');
    await waitFor(async () => expect(await alert()).toBe('Password must be at least 6 characters.'));
    type('New password', 'abcdef');
    click('Reset Password');
    await waitFor(async () => expect(await alert()).toBe('Passwords do not match.'));
    type('New password', 'Ada-N3w-Passw0rd');
    type('Confirm password', 'Ada-N3w-Passw0rd');
    click('Reset Password');
    expect(await screen.findByText('Password reset successful!')).toBeTruthy();
    await waitFor(() => expect(browser.visited).toEqual(['/login']), { timeout: 3000 });
    const login = await browser.server.call('POST', '/api/auth/login', {
      json: { email: 'ada@example.com', password: 'Ada-N3w-Passw0rd' },
    });
    expect(login.body.message).toBe('Please get approval from admin.');
  });
});
