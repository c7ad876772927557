import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast-on-demand.ts';
import { resetPassword } from '../api.ts';
import { paths } from '../../../lib/routes.ts';
import { AuthFrame, PasswordInput } from './AuthFrame.tsx';
import { readResetToken, saveResetToken } from '../challenge.ts';
import { messageOf } from '../notify.ts';
import { SHORT_TOAST_MS } from '../../../ui/Toasts.tsx';
import { passwordStrength } from '../auth-rules.ts';
import { firstError, lazyZodResolver, useSubmitOnce, useWarmResolver } from '../../../lib/form.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { AUTH_TEXTS } from '../../../../portal-api/src/modules/auth/auth.labels.ts';
import { PASSWORD_MIN, SHORT_FOR_LOGIN } from '../../../../portal-api/src/modules/auth/auth.rules.ts';

const resolver = lazyZodResolver(() =>
  import('../../../../portal-api/src/modules/auth/auth.schema.ts').then((m) => m.ResetPasswordFormSchema),
);

/** docs/product.md §9: redirect after reset 1.5 s. */
const REDIRECT_MS = 1500;

export function ResetPasswordScreen() {
  const email = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('email') ?? '');
  return (
    <AuthFrame
      title="Reset Password"
      lead={
        email ? (
          <>
            Choose a new password for <strong>{email}</strong>.
          </>
        ) : (
          'Choose a new password.'
        )
      }
    >
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
  // react-hook-form over the shared form schema (loaded lazily): its docs/product.md §5 messages, one at a time, on submit.
  const { handleSubmit, watch, setValue, formState } = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { newPassword: '', confirm: '' },
  });
  const password = watch('newPassword');
  const confirm = watch('confirm');
  const setPassword = (v: string) => setValue('newPassword', v);
  const setConfirm = (v: string) => setValue('confirm', v);
  const warm = useWarmResolver(resolver);
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState(false);
  const strength = passwordStrength(password);
  const error = firstError(formState.errors) ?? failure;
  // The field a docs/product.md §5 sentence is about is marked, described by it and focused (WCAG 3.3.1).
  const refused = (field: 'newPassword' | 'confirm', hint?: string) => {
    const aria = fieldError(!!formState.errors[field], 'reset-error', hint);
    return { describedBy: aria['aria-describedby'], invalid: aria['aria-invalid'] };
  };

  const { busy, onSubmit, holdBusy } = useSubmitOnce(
    handleSubmit(
      async () => {
        setFailure('');
        try {
          await resetPassword(email, password, readResetToken() ?? '');
          saveResetToken(undefined);
          toast.success(AUTH_TEXTS.resetDone, { duration: SHORT_TOAST_MS });
          setDone(true);
          holdBusy();
          setTimeout(() => window.location.assign(paths.login), REDIRECT_MS);
        } catch (err) {
          setFailure(messageOf(err, 'Failed to reset password.'));
        }
      },
      (errors) => document.getElementById(errors.newPassword ? 'reset-password' : 'reset-confirm')?.focus(),
    ),
  );

  return (
    // noValidate: the docs/product.md §5 messages are shown instead of the browser's own.
    <form onSubmit={onSubmit} onFocus={warm} noValidate>
      <div id="reset-error" className="auth-error" role="alert">
        {error}
      </div>
      <div className="field">
        <label htmlFor="reset-password">New password</label>
        <PasswordInput
          id="reset-password"
          value={password}
          onChange={setPassword}
          shown={shown}
          onToggle={() => setShown((v) => !v)}
          autoComplete="new-password"
          {...refused('newPassword', 'reset-strength')}
        />
      </div>
      <div className="auth-strength" id="reset-strength" aria-live="polite">
        <span className="auth-meter" data-level={password ? strength : 'none'} aria-hidden="true">
          <span />
        </span>
        <span>
          Strength: <strong>{password ? strength : '—'}</strong>
        </span>
        {password.length >= PASSWORD_MIN.reset && password.length < PASSWORD_MIN.login && (
          <span className="auth-hint">{SHORT_FOR_LOGIN}</span>
        )}
      </div>
      <div className="field">
        <label htmlFor="reset-confirm">Confirm password</label>
        <PasswordInput
          id="reset-confirm"
          value={confirm}
          onChange={setConfirm}
          shown={shown}
          autoComplete="new-password"
          {...refused('confirm')}
        />
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
