import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { logIn } from '../api.ts';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { paths } from '../../../lib/routes.ts';
import { takeSessionEnded } from '../../../lib/guards.ts';
import { AuthFrame, PasswordInput, SocialButtons } from './AuthFrame.tsx';
import { saveChallenge } from '../challenge.ts';
import { readDeviceToken } from '../device-token.ts';
import { messageOf, orangeToast } from '../notify.ts';
import { firstError, lazyZodResolver, useSubmitOnce, useWarmResolver } from '../../../lib/form.ts';
import { AUTH_TEXTS } from '../../../../portal-api/src/modules/auth/auth.labels.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { PASSWORD_MIN } from '../../../../portal-api/src/modules/auth/auth.rules.ts';
import { SESSION_ENDED_MESSAGE } from '../../../../portal-api/src/modules/chats/chats.labels.ts';

const ERROR_ID = 'login-error';

const resolver = lazyZodResolver(
  () => import('../../../../portal-api/src/modules/auth/auth.schema.ts').then((m) => m.LoginSchema),
  undefined,
  { raw: true },
);

type Marked = 'both' | 'email' | null;

export function LoginScreen() {
  return (
    <AuthFrame title="Login" lead="Welcome back. Sign in with your e-mail and password; we will e-mail you a 6-digit code.">
      <LoginForm />
    </AuthFrame>
  );
}

function LoginForm() {
  // Sign-up stores its token without a role (docs/product.md §4): this browser has just
  // registered and the account waits for an admin.
  const justRegistered = useAuth((s) => Boolean(s.token) && !s.role);
  // A session the server ended (site/lib/api.ts, sessionRefused) lands here: say why, once.
  const [sessionEnded] = useState(takeSessionEnded);
  // react-hook-form over the shared LoginSchema (loaded lazily: site/lib/form.ts), on submit, after the browser's own checks
  // (required, e-mail, 8 characters: docs/product.md §5). What it refuses gets the sentence the server
  // would answer, in the same orange toast, without the call. `raw`: the body is built from
  // what was typed, as before (the schema's lower-casing is the server's business).
  const { register, handleSubmit, watch, setValue } = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { email: '', password: '' },
  });
  const password = watch('password');
  const warm = useWarmResolver(resolver);
  const [shown, setShown] = useState(false);
  // docs/product.md §8 shows a refusal as a 3 s toast; the sentence also stays in the form's error
  // area, tied to the fields, until the next try, so it can still be read once the toast has gone.
  const [refusal, setRefusal] = useState<{ message: string; fields: Marked } | null>(null);
  /**
   * `fields`: what the refusal is about, marked invalid and tied to the sentence. 'both': what was
   * typed; 'email': the account the e-mail names (not yet approved); null: neither (a busy server).
   */
  const refuse = (message: string, fields: Marked) => {
    setRefusal({ message, fields });
    orangeToast(message);
  };
  const { busy, onSubmit, holdBusy } = useSubmitOnce(
    handleSubmit(
      async ({ email, password }) => {
        try {
          const deviceToken = await readDeviceToken(email);
          const res = await logIn(email.trim(), password, deviceToken);
          const user = res.user;
          // docs/product.md §8 login texts, checked in the browser as the product does (the server checks them too).
          if (!user) return refuse('User data not received from server.', null);
          if (user.role !== 'admin' && user.role !== 'client') return refuse(AUTH_TEXTS.unknownRole, null);
          if (user.role === 'client' && user.status !== 'approved') return refuse(AUTH_TEXTS.notApproved, 'email');
          saveChallenge(res.token);
          const next = new URLSearchParams(window.location.search).get('next') ?? undefined;
          holdBusy();
          window.location.assign(paths.otp({ email: user.email, role: user.role, from: 'login', next }));
        } catch (err) {
          // 400 and 401 refuse what was typed, 403 the account the e-mail names (not approved); 429 and a
          // network failure neither.
          const status = err instanceof ApiError ? err.status : 0;
          refuse(messageOf(err, 'Login failed'), status === 400 || status === 401 ? 'both' : status === 403 ? 'email' : null);
        }
      },
      (errors) => refuse(firstError(errors) ?? 'Login failed', 'both'),
    ),
  );
  const fieldError = refusal?.fields ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID } : {};
  const passwordRefused = refusal?.fields === 'both';

  return (
    <form
      onSubmit={(e) => {
        setRefusal(null);
        onSubmit(e);
      }}
      onFocus={warm}
      noValidate={false}
    >
      {sessionEnded && !justRegistered && (
        <p className="auth-notice" role="status">
          {SESSION_ENDED_MESSAGE}
        </p>
      )}
      {justRegistered && (
        <p className="auth-notice" role="status">
          Your account has been created and is waiting for approval. We will send you an e-mail as soon as an admin approves it; then sign
          in here.
        </p>
      )}
      {/* Not a live region: the toast (role=alert) says it once; this keeps it where the fields point. */}
      <div id={ERROR_ID} className="auth-error">
        {refusal?.message}
      </div>
      <div className="field">
        <label htmlFor="login-email">Email</label>
        <input id="login-email" type="email" autoComplete="username" maxLength={320} required {...register('email')} {...fieldError} />
      </div>
      <div className="field">
        <label htmlFor="login-password">Password</label>
        {/* docs/product.md §5: at least 8 characters, enforced by the browser. */}
        <PasswordInput
          id="login-password"
          value={password}
          onChange={(v) => setValue('password', v)}
          shown={shown}
          onToggle={() => setShown((v) => !v)}
          autoComplete="current-password"
          minLength={PASSWORD_MIN.login}
          invalid={passwordRefused}
          describedBy={passwordRefused ? ERROR_ID : undefined}
        />
      </div>
      <div className="auth-between">
        <span />
        <a href={paths.forgotPassword}>Forgot Password?</a>
      </div>
      <div className="auth-actions">
        {/* Not disabled while busy: a refused sign-in leaves the focus here (WCAG 2.4.3). */}
        <button type="submit" className="btn" {...busyButton(busy)}>
          {busy ? 'Signing in…' : 'Login'}
        </button>
        <a className="btn btn-secondary" href={paths.signup}>
          Sign up
        </a>
      </div>
      <div className="auth-divider">or</div>
      <SocialButtons />
    </form>
  );
}
