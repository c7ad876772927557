import { useEffect, useId, useRef, useState } from 'react';
import { PASSWORD_MIN } from '../../../../portal-api/src/modules/auth/auth.rules.ts';
import { STAFF_TEXTS } from '../../../../portal-api/src/modules/users/staff.labels.ts';
import { ApiError } from '../../../lib/api.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { paths } from '../../../lib/routes.ts';
import { acceptStaffInvitation } from '../api.ts';
import { messageOf } from '../notify.ts';
import { AuthFrame, PasswordInput } from './AuthFrame.tsx';

/**
 * /staff-invite?email=…#token=…: an invited admin chooses a name and a password (docs/product.md
 * §25). The token rides in the fragment, which the browser never sends to the server; it is read
 * here and posted once.
 */
export function StaffInviteScreen() {
  const email = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('email') ?? '');
  const token = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');
  // The server's sentence once the account is made: the page then says only that, and offers Sign in.
  const [done, setDone] = useState('');
  return (
    <AuthFrame
      title="Join the estimating team"
      lead={
        done ? undefined : email ? (
          <>
            Choose your name and password for <strong>{email}</strong>.
          </>
        ) : (
          'Choose your name and password.'
        )
      }
    >
      {done ? (
        <Ready message={done} />
      ) : email && token ? (
        <InviteForm email={email} token={token} onDone={setDone} />
      ) : (
        <p className="auth-error" role="alert">
          {STAFF_TEXTS.invitationInvalid}
        </p>
      )}
    </AuthFrame>
  );
}

/** The account is made. The form left with the button that had the focus: the focus goes to the next step, Sign in. */
function Ready({ message }: { message: string }) {
  const signInLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => signInLink.current?.focus(), []);
  return (
    <p role="status">
      {message}{' '}
      <a ref={signInLink} href={paths.login}>
        Sign in
      </a>
    </p>
  );
}

type Field = 'fullName' | 'password';
const PASSWORD_ID = 'invite-password';

function InviteForm({ email, token, onDone }: { email: string; token: string; onDone: (message: string) => void }) {
  const nameId = useId();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState('');
  // The field the sentence is about (WCAG 3.3.1): marked, described by it and focused, as on the sign-up form.
  const [refused, setRefused] = useState<Field | undefined>();
  const [busy, setBusy] = useState(false);
  const invalid = (field: Field) => fieldError(refused === field, 'invite-error');
  const refuse = (sentence: string, field: Field | undefined) => {
    setError(sentence);
    setRefused(field);
    if (field) document.getElementById(field === 'fullName' ? nameId : PASSWORD_ID)?.focus();
  };
  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (busy) return;
        if (!fullName.trim()) return refuse('Full name is required.', 'fullName');
        if (password.length < PASSWORD_MIN.signup)
          return refuse(`Password must be at least ${PASSWORD_MIN.signup} characters.`, 'password');
        setBusy(true);
        refuse('', undefined);
        try {
          const res = await acceptStaffInvitation({ email, token, fullName: fullName.trim(), password });
          // The link is spent: it leaves the address bar.
          history.replaceState(null, '', window.location.pathname);
          onDone(res.message);
        } catch (err) {
          // A 400 about one field (a name over its limit) marks that field; any other refusal is the link's.
          const field = err instanceof ApiError && (err.field === 'fullName' || err.field === 'password') ? err.field : undefined;
          refuse(messageOf(err, STAFF_TEXTS.invitationInvalid), field);
        } finally {
          setBusy(false);
        }
      }}
    >
      <div id="invite-error" className="auth-error" role="alert">
        {error}
      </div>
      <div className="field">
        <label htmlFor={nameId}>Full name</label>
        <input
          id={nameId}
          className="input"
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          {...invalid('fullName')}
        />
      </div>
      <div className="field">
        <label htmlFor={PASSWORD_ID}>Password</label>
        <PasswordInput
          id={PASSWORD_ID}
          value={password}
          onChange={setPassword}
          shown={shown}
          onToggle={() => setShown((v) => !v)}
          autoComplete="new-password"
          placeholder={`At least ${PASSWORD_MIN.signup} characters`}
          describedBy={invalid('password')['aria-describedby']}
          invalid={refused === 'password'}
        />
      </div>
      <button type="submit" className="btn" disabled={busy}>
        Set password
      </button>
    </form>
  );
}
