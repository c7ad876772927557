import { type FormEvent, useState } from 'react';
import { call, publicApi } from '../../lib/api.ts';
import { paths } from '../../lib/routes.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { messageOf } from './notify.ts';
import { SPEC_TEXTS } from '../../lib/spec-texts.ts';

export function ForgotPasswordScreen() {
  return (
    <AuthFrame title="Forgot Password" lead="Enter the e-mail of your account and we will send you a 6-digit code to reset your password.">
      <ForgotForm />
    </AuthFrame>
  );
}

function ForgotForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setBusy(true);
    try {
      const trimmed = email.trim();
      await call(publicApi.auth['send-otp'].$post({ json: { email: trimmed } }));
      window.location.assign(paths.otp({ email: trimmed }));
    } catch (err) {
      setError(messageOf(err, SPEC_TEXTS.somethingWrong));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <div className="auth-error" role="alert">
        {error}
      </div>
      <div className="field">
        <label htmlFor="forgot-email">Email</label>
        <input
          id="forgot-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={320}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </div>
      <div className="auth-actions">
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Sending…' : 'Send Code'}
        </button>
      </div>
      <p className="auth-foot">
        Remembered it? <a href={paths.login}>Back to Login</a>
      </p>
    </form>
  );
}
