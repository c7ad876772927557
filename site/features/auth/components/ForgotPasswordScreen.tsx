import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { sendCode } from '../api.ts';
import { paths } from '../../../lib/routes.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { firstError, lazyZodResolver, useSubmitOnce, useWarmResolver } from '../../../lib/form.ts';
import { messageOf } from '../notify.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';

const resolver = lazyZodResolver(
  () => import('../../../../portal-api/src/modules/auth/auth.schema.ts').then((m) => m.SendOtpSchema),
  undefined,
  { raw: true },
);

export function ForgotPasswordScreen() {
  return (
    <AuthFrame title="Forgot Password" lead="Enter the e-mail of your account and we will send you a 6-digit code to reset your password.">
      <ForgotForm />
    </AuthFrame>
  );
}

function ForgotForm() {
  // react-hook-form over the shared SendOtpSchema (loaded lazily), on submit, after the browser's own checks; its
  // problem shows where the server's would, without the call. `raw`: the e-mail is sent as typed.
  const { register, handleSubmit, formState } = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { email: '' },
  });
  const warm = useWarmResolver(resolver);
  const [failure, setFailure] = useState('');
  const error = firstError(formState.errors) ?? failure;

  const { busy, onSubmit, holdBusy } = useSubmitOnce(
    handleSubmit(async ({ email }) => {
      setFailure('');
      try {
        const trimmed = email.trim();
        await sendCode(trimmed, 'reset');
        holdBusy();
        window.location.assign(paths.otp({ email: trimmed }));
      } catch (err) {
        setFailure(messageOf(err, PRODUCT_TEXTS.somethingWrong));
      }
    }),
  );

  return (
    <form onSubmit={onSubmit} onFocus={warm}>
      <div className="auth-error" role="alert">
        {error}
      </div>
      <div className="field">
        <label htmlFor="forgot-email">Email</label>
        <input id="forgot-email" type="email" autoComplete="email" maxLength={320} required {...register('email')} />
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
