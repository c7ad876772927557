import { type FormEvent, useState } from 'react';
import { call, publicApi } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/routes.ts';
import { AuthFrame, PasswordInput, SocialButtons } from './AuthFrame.tsx';
import { messageOf } from './notify.ts';
import { signupBody } from './auth-rules.ts';
import { FULL_NAME_MAX, FULL_NAME_TOO_LONG } from '../../../portal-api/src/modules/auth/auth.schema.ts';

export function SignupScreen() {
  return (
    <AuthFrame title="Create New Account" lead="Register as a client. An admin approves new accounts before the first sign-in.">
      <SignupForm />
    </AuthFrame>
  );
}

function SignupForm() {
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [shown, setShown] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(''); // SPEC §4: the error clears on submit
    if (signupBody(form).fullName.length > FULL_NAME_MAX) return setError(FULL_NAME_TOO_LONG);
    setBusy(true);
    try {
      const res = await call(publicApi.auth.register.$post({ json: signupBody(form) }));
      if (!res.token) {
        setError('Token not received from API');
        return;
      }
      // SPEC §4 stores the sign-up token under `token`; it opens no data and has no role,
      // so the guards still treat the browser as a guest until the code step.
      useAuth.setState({ token: res.token, role: null });
      window.location.assign(paths.login);
    } catch (err) {
      setError(messageOf(err, 'Signup failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <div className="auth-error" role="alert">
        {error}
      </div>
      <div className="auth-row">
        <div className="field">
          <label htmlFor="signup-first">First name</label>
          <input
            id="signup-first"
            name="firstName"
            autoComplete="given-name"
            value={form.firstName}
            onChange={(e) => set('firstName')(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="signup-last">Last name</label>
          <input
            id="signup-last"
            name="lastName"
            autoComplete="family-name"
            value={form.lastName}
            onChange={(e) => set('lastName')(e.target.value)}
            required
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="signup-email">Email</label>
        <input
          id="signup-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={320}
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="signup-password">Password</label>
        <PasswordInput
          id="signup-password"
          value={form.password}
          onChange={set('password')}
          shown={shown}
          onToggle={() => setShown((v) => !v)}
          autoComplete="new-password"
          placeholder="At least 8 characters"
          minLength={8}
        />
      </div>
      <div className="auth-actions">
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Signing up…' : 'Sign Up'}
        </button>
      </div>
      <div className="auth-divider">or</div>
      <SocialButtons />
      <p className="auth-foot">
        Already have an account? <a href={paths.login}>Login</a>
      </p>
    </form>
  );
}
