import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast-on-demand.ts';
import { sendCode, verifyCode } from '../api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { takeWayBack } from '../../../lib/guards.ts';
import { paths } from '../../../lib/routes.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { clearChallenge, readChallenge, saveResetToken } from '../challenge.ts';
import { saveDeviceToken } from '../device-token.ts';
import { messageOf } from '../notify.ts';
import { SHORT_TOAST_MS } from '../../../ui/Toasts.tsx';
import { afterOtp } from '../auth-rules.ts';
import { lazyZodResolver, useSubmitOnce, useWarmResolver } from '../../../lib/form.ts';
import { AUTH_TEXTS } from '../../../../portal-api/src/modules/auth/auth.labels.ts';
import { busyButton } from '../../../ui/busy-button.ts';

/** docs/product.md §9: code length, resend countdown, redirect delay. */
const LENGTH = 6;
const RESEND_SECONDS = 60;
const REDIRECT_MS = 1200;
const COUNTDOWN_STARTED = 'You can ask for a new code in one minute.';
const RESEND_AVAILABLE = 'You can now resend the code.';

const resolver = lazyZodResolver(() => import('../../../../portal-api/src/modules/auth/auth.schema.ts').then((m) => m.OtpFormSchema));

export function OtpScreen() {
  const params = typeof window === 'undefined' ? new URLSearchParams() : new URLSearchParams(window.location.search);
  const email = params.get('email') ?? '';
  return (
    <AuthFrame
      title="OTP Verification"
      lead={
        email ? (
          <>
            Enter the 6-digit code we sent to <strong>{email}</strong>.
          </>
        ) : (
          'Enter the 6-digit code we sent to your e-mail.'
        )
      }
    >
      {email ? (
        <OtpForm email={email} role={params.get('role')} from={params.get('from')} />
      ) : (
        <p className="auth-error" role="alert">
          The e-mail address is missing. Please <a href={paths.login}>start again</a>.
        </p>
      )}
    </AuthFrame>
  );
}

function OtpForm({ email, role, from }: { email: string; role: string | null; from: string | null }) {
  // react-hook-form over the shared OtpFormSchema (VerifyOtpSchema's code rule, loaded lazily), on submit; the six
  // boxes are one field, `otp`, kept in step with them. Typing or pasting clears the message.
  const { handleSubmit, setValue, clearErrors, formState } = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { otp: '' },
  });
  const warm = useWarmResolver(resolver);
  const [digits, setDigitsState] = useState<string[]>(() => Array(LENGTH).fill(''));
  const [failure, setFailure] = useState('');
  const error = formState.errors.otp?.message ?? failure;
  const [done, setDone] = useState(false);
  const [seconds, setSeconds] = useState(RESEND_SECONDS);
  const [resending, setResending] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  // docs/product.md §4: the countdown starts at 60 s; Resend is enabled at 0.
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  useEffect(() => boxes.current[0]?.focus(), []);
  // What the live region says: that the countdown runs (once, at its first tick: a region that
  // mounts with its text is not read out), then that Resend is available; never each second.
  const [news, setNews] = useState('');
  useEffect(() => {
    if (seconds === RESEND_SECONDS - 1) setNews(COUNTDOWN_STARTED);
    if (seconds === 0) setNews(RESEND_AVAILABLE);
  }, [seconds]);

  function setDigits(next: string[]) {
    setDigitsState(next);
    setValue('otp', next.join(''));
  }

  function clearError() {
    clearErrors('otp');
    setFailure('');
  }

  function fill(from: number, text: string) {
    const chars = text
      .replace(/\D/g, '')
      .slice(0, LENGTH - from)
      .split('');
    if (!chars.length) return;
    const next = [...digits];
    chars.forEach((ch, i) => (next[from + i] = ch));
    setDigits(next);
    boxes.current[Math.min(from + chars.length, LENGTH - 1)]?.focus();
  }

  function onChange(index: number, value: string) {
    clearError();
    if (!value) {
      setDigits(digits.map((ch, i) => (i === index ? '' : ch)));
      return;
    }
    fill(index, value.slice(-LENGTH));
  }

  function onKeyDown(index: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[index] && index > 0) {
      e.preventDefault();
      setDigits(digits.map((ch, i) => (i === index - 1 ? '' : ch)));
      boxes.current[index - 1]?.focus();
    } else if (e.key === 'ArrowLeft' && index > 0) {
      e.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (e.key === 'ArrowRight' && index < LENGTH - 1) {
      e.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  }

  function onPaste(index: number, e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    clearError();
    fill(index, e.clipboardData.getData('text'));
  }

  const { busy, onSubmit, holdBusy } = useSubmitOnce(
    handleSubmit(async ({ otp }) => {
      setFailure('');
      try {
        const token = from === 'login' ? readChallenge() : undefined;
        const res = await verifyCode(email, otp, token);
        if (from === 'login') {
          if (!res.token || !res.user) throw new Error('OTP verification failed');
          // Kept before leaving the page: this browser's next sign-in sends it (device-token.ts).
          const kept = saveDeviceToken(email, res.deviceToken);
          toast.success(AUTH_TEXTS.loggedIn, { duration: SHORT_TOAST_MS });
          setDone(true);
          holdBusy();
          const { token: session, user } = res;
          setTimeout(async () => {
            await kept;
            clearChallenge();
            useAuth.getState().signIn(session, user);
            // A request's page opened signed out (a mail's link) is the way back when no `next` was given.
            const next = new URLSearchParams(window.location.search).get('next') ?? takeWayBack();
            window.location.assign(afterOtp(email, user.role, from, next));
          }, REDIRECT_MS);
        } else {
          saveResetToken(res.token);
          // docs/product.md §8: the code step's one success text, whichever flow it serves.
          toast.success(AUTH_TEXTS.loggedIn, { duration: SHORT_TOAST_MS });
          setDone(true);
          holdBusy();
          setTimeout(
            () => window.location.assign(afterOtp(email, role, from, new URLSearchParams(window.location.search).get('next'))),
            REDIRECT_MS,
          );
        }
      } catch (err) {
        setFailure(messageOf(err, AUTH_TEXTS.invalidOtp));
      }
    }),
  );

  async function resend() {
    setResending(true);
    try {
      // The code screen of the forgot flow resends a reset code; of a sign-in, a sign-in code.
      await sendCode(email, from === 'login' ? 'login' : 'reset');
      toast.success('OTP resent successfully!', { duration: SHORT_TOAST_MS });
      setDigits(Array(LENGTH).fill(''));
      setSeconds(RESEND_SECONDS);
      boxes.current[0]?.focus();
    } catch (err) {
      toast.error(messageOf(err, 'Failed to resend OTP.'), { duration: SHORT_TOAST_MS });
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} onFocus={warm}>
      <fieldset className="auth-otp" aria-describedby="otp-error">
        <legend>Verification code</legend>
        <div className="auth-otp-boxes">
          {digits.map((digit, i) => (
            <input
              key={i}
              ref={(el) => {
                boxes.current[i] = el;
              }}
              value={digit}
              onChange={(e) => onChange(i, e.target.value)}
              onKeyDown={(e) => onKeyDown(i, e)}
              onPaste={(e) => onPaste(i, e)}
              onFocus={(e) => e.target.select()}
              inputMode="numeric"
              autoComplete={i === 0 ? 'one-time-code' : 'off'}
              pattern="[0-9]*"
              maxLength={LENGTH}
              aria-label={`Digit ${i + 1} of ${LENGTH}`}
              aria-invalid={error ? true : undefined}
              disabled={done}
            />
          ))}
        </div>
      </fieldset>
      <div id="otp-error" className="auth-error" role="alert">
        {error}
      </div>
      {/* The countdown is not read out each second: the live region below says when it starts and ends. */}
      <p className="sr-only" role="status">
        {news}
      </p>
      <p className="auth-resend">
        {seconds > 0 ? (
          <>Resend OTP in {seconds}s</>
        ) : (
          <button type="button" className="btn-link" onClick={resend} disabled={resending || done}>
            {resending ? 'Resending…' : 'Resend OTP'}
          </button>
        )}
      </p>
      <div className="auth-actions">
        {/* Not disabled while busy: a refused code leaves the focus here, its message read out by the alert above (WCAG 2.4.3). */}
        <button type="submit" className="btn" disabled={done} {...busyButton(busy)}>
          {busy ? 'Verifying…' : 'Verify'}
        </button>
        <a className="btn btn-secondary" href={paths.login} onClick={clearChallenge}>
          Cancel
        </a>
      </div>
    </form>
  );
}
