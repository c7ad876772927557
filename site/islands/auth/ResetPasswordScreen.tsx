import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { bearer, call, publicApi } from '../../lib/api.ts';
import { paths } from '../../lib/routes.ts';
import { AuthFrame, PasswordInput } from './AuthFrame.tsx';
import { readResetToken, saveResetToken } from './challenge.ts';
import { messageOf } from './notify.ts';
import { passwordStrength, resetPasswordError } from './auth-rules.ts';
import { AUTH_TEXTS } from '../../../portal-api/src/modules/auth/auth.labels.ts';

/** SPEC §9: redirect after reset 1.5 s. */
const REDIRECT_MS = 1500;

export function ResetPasswordScreen() {
  const email = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('email') ?? '');
  return (
    <AuthFrame title="Reset Password" lead={email ? <>Choose a new password for <strong>{email}</strong>.</> : 'Choose a new password.'}>
      {email ? (
        <ResetForm email={email} />
      ) : (
        <p className="auth-error" role="alert">
          The e-mail address is missing. Please <a href={paths.forgotPassword}>request a new code</a>.
        </p>
      )}
    </AuthFrame>
  );
}

function ResetForm({ email }: { email: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const strength = passwordStrength(password);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = resetPasswordError(password, confirm);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError('');
    setBusy(true);
    try {
      await call(publicApi.auth['reset-password'].$post({ json: { email, newPassword: password } }, bearer(readResetToken() ?? '')));
      saveResetToken(undefined);
      toast.success(AUTH_TEXTS.resetDone, { duration: 3000 });
      setDone(true);
      setTimeout(() => window.location.assign(paths.login), REDIRECT_MS);
    } catch (err) {
      setError(messageOf(err, 'Failed to reset password.'));
      setBusy(false);
    }
  }

  return (
    // noValidate: the SPEC §5 messages are shown instead of the browser's own.
    <form onSubmit={submit} noValidate>
      <div className="auth-error" role="alert">
        {error}
      </div>
      <div className="field">
        <label htmlFor="reset-password">New password</label>
        <PasswordInput id="reset-password" value={password} onChange={setPassword} shown={shown} onToggle={() => setShown((v) => !v)} autoComplete="new-password" describedBy="reset-strength" />
      </div>
      <div className="auth-strength" id="reset-strength" aria-live="polite">
        <span className="auth-meter" data-level={password ? strength : "none"} aria-hidden="true">
          <span />
        </span>
        <span>
          Strength: <strong>{password ? strength : '—'}</strong>
        </span>
      </div>
      <div className="field">
        <label htmlFor="reset-confirm">Confirm password</label>
        <PasswordInput id="reset-confirm" value={confirm} onChange={setConfirm} shown={shown} autoComplete="new-password" />
      </div>
      <div className="auth-actions">
        <button type="submit" className="btn" disabled={busy || done}>
          {busy ? 'Saving…' : 'Reset Password'}
        </button>
      </div>
      <p className="auth-foot">
        <a href={paths.login}>Back to Login</a>
      </p>
    </form>
  );
}
