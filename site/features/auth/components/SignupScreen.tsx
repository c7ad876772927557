import { useEffect, useState } from 'react';
import { inviteFromLocation, lookupInvite } from '../../company/index.ts';
import { useForm } from 'react-hook-form';
import { signUp } from '../api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { paths } from '../../../lib/routes.ts';
import { AuthFrame, PasswordInput, SocialButtons } from './AuthFrame.tsx';
import { firstError, lazyZodResolver, useSubmitOnce, useWarmResolver } from '../../../lib/form.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { messageOf } from '../notify.ts';
import { PASSWORD_MIN, signupBody } from '../../../../portal-api/src/modules/auth/auth.rules.ts';
import { invitedToJoin } from '../../../../portal-api/src/modules/companies/companies.labels.ts';

const resolver = lazyZodResolver(
  () => import('../../../../portal-api/src/modules/auth/auth.schema.ts').then((m) => m.SignupFormSchema),
  undefined,
  { raw: true },
);

type Field = 'firstName' | 'lastName' | 'email' | 'password';
const FIELD_IDS: Record<Field, string> = {
  firstName: 'signup-first',
  lastName: 'signup-last',
  email: 'signup-email',
  password: 'signup-password',
};

/** The field of the first problem; the joined full name (too long) is the first name's, where it starts. */
function fieldOf(errors: Record<string, unknown>): Field | undefined {
  const first = Object.keys(errors)[0];
  if (first === 'fullName') return 'firstName';
  return first && first in FIELD_IDS ? (first as Field) : undefined;
}

export function SignupScreen() {
  return (
    <AuthFrame title="Create New Account" lead="Register as a client. An admin approves new accounts before the first sign-in.">
      <SignupForm />
    </AuthFrame>
  );
}

function SignupForm() {
  // react-hook-form over the shared SignupFormSchema, loaded lazily (the fields joined into the Register body,
  // then RegisterSchema's rules), on submit, after the browser's own checks. Its first problem
  // shows where the server's would, without the call. `raw`: the body is built as before.
  const { register, handleSubmit, watch, setValue, formState } = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const password = watch('password');
  const warm = useWarmResolver(resolver);
  // A colleague's invitation link (docs/product.md, "Colleagues"): its e-mail is filled in and fixed.
  const [invite] = useState(() => inviteFromLocation());
  const [invited, setInvited] = useState<{ email: string; companyName: string; invitedBy: string } | null>(null);
  useEffect(() => {
    if (!invite) return;
    lookupInvite(invite)
      .then((res) => {
        setInvited(res.data);
        setValue('email', res.data.email);
      })
      .catch((err: unknown) => setFailure(messageOf(err, 'This invitation link is not valid.')));
  }, [invite, setValue]);
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState('');
  // docs/product.md §4: the error clears on submit (each submit checks the form again and clears `failure`).
  const error = firstError(formState.errors) ?? failure;
  // The field the sentence is about (WCAG 3.3.1): marked, described by it, focused on submit. The checks
  // are RegisterSchema's, the server's own, so a sentence about a field is caught here before any call.
  const refused = fieldOf(formState.errors);
  const invalid = (field: Field) => fieldError(refused === field, 'signup-error');

  const { busy, onSubmit, holdBusy } = useSubmitOnce(
    handleSubmit(
      async (form) => {
        setFailure('');
        try {
          const res = await signUp({ ...signupBody(form), ...(invite ? { invite } : {}) });
          if (!res.token) {
            setFailure('Token not received from API');
            return;
          }
          // docs/product.md §4 stores the sign-up token under `token`; it opens no data and has no role,
          // so the guards still treat the browser as a guest until the code step.
          useAuth.setState({ token: res.token, role: null });
          holdBusy();
          window.location.assign(paths.login);
        } catch (err) {
          setFailure(messageOf(err, 'Signup failed. Please try again.'));
        }
      },
      (errors) => {
        const field = fieldOf(errors);
        if (field) document.getElementById(FIELD_IDS[field])?.focus();
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} onFocus={warm}>
      <div id="signup-error" className="auth-error" role="alert">
        {error}
      </div>
      {invited ? (
        <p className="auth-invite" role="status">
          {`${invitedToJoin(invited.invitedBy, invited.companyName)}.`}
        </p>
      ) : null}
      <div className="auth-row">
        <div className="field">
          <label htmlFor="signup-first">First name</label>
          <input id="signup-first" autoComplete="given-name" required {...register('firstName')} {...invalid('firstName')} />
        </div>
        <div className="field">
          <label htmlFor="signup-last">Last name</label>
          <input id="signup-last" autoComplete="family-name" required {...register('lastName')} {...invalid('lastName')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="signup-email">Email</label>
        <input
          id="signup-email"
          type="email"
          autoComplete="email"
          maxLength={320}
          required
          readOnly={!!invited}
          {...register('email')}
          {...invalid('email')}
        />
      </div>
      <div className="field">
        <label htmlFor="signup-password">Password</label>
        <PasswordInput
          id="signup-password"
          value={password}
          onChange={(v) => setValue('password', v)}
          shown={shown}
          onToggle={() => setShown((v) => !v)}
          autoComplete="new-password"
          placeholder="At least 8 characters"
          minLength={PASSWORD_MIN.signup}
          describedBy={invalid('password')['aria-describedby']}
          invalid={refused === 'password'}
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
