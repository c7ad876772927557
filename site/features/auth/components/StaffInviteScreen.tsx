import { useEffect, useId, useRef, useState } from 'react';
import { PASSWORD_MIN } from '../../../../portal-api/src/modules/auth/auth.rules.ts';
import { STAFF_TEXTS } from '../../../../portal-api/src/modules/users/staff.labels.ts';
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
  return (
    <AuthFrame
      title="Join the estimating team"
      lead={
        email ? (
          <>
            Choose your name and password for <strong>{email}</strong>.
          </>
        ) : (
          'Choose your name and password.'
        )
      }
    >
      {email && token ? (
        <InviteForm email={email} token={token} />
      ) : (
        <p className="auth-error" role="alert">
          {STAFF_TEXTS.invitationInvalid}
        </p>
      )}
    </AuthFrame>
  );
}

function InviteForm({ email, token }: { email: string; token: string }) {
  const nameId = useId();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const signInLink = useRef<HTMLAnchorElement>(null);
  // The form leaves with the button that had the focus: the focus goes to the next step, Sign in.
  useEffect(() => {
    if (done) signInLink.current?.focus();
  }, [done]);
  if (done)
    return (
      <p role="status">
        {done}{' '}
        <a ref={signInLink} href={paths.login}>
          Sign in
        </a>
      </p>
    );
  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (busy) return;
        if (!fullName.trim()) return setError('Full name is required.');
        if (password.length < PASSWORD_MIN.signup) return setError(`Password must be at least ${PASSWORD_MIN.signup} characters.`);
        setBusy(true);
        setError('');
        try {
          const res = await acceptStaffInvitation({ email, token, fullName: fullName.trim(), password });
          // The link is spent: it leaves the address bar.
          history.replaceState(null, '', window.location.pathname);
          setDone(res.message);
        } catch (err) {
          setError(messageOf(err, STAFF_TEXTS.invitationInvalid));
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
        <input id={nameId} className="input" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="invite-password">Password</label>
        <PasswordInput
          id="invite-password"
          value={password}
          onChange={setPassword}
          shown={shown}
          onToggle={() => setShown((v) => !v)}
          autoComplete="new-password"
          placeholder={`At least ${PASSWORD_MIN.signup} characters`}
        />
      </div>
      <button type="submit" className="btn" disabled={busy}>
        Set password
      </button>
    </form>
  );
}
