import { noticeParts, replyToPerson, simpleHtml } from '../../lib/mail.ts';
import type { OutgoingMail } from '../outbox/outbox.repo.ts';

export function codeMail(to: string, code: string, purpose: 'login' | 'reset'): OutgoingMail {
  const what = purpose === 'login' ? 'sign-in' : 'password reset';
  const lines = [`Your ${what} code is ${code}.`, 'It is valid for 10 minutes. If you did not ask for it, you can ignore this e-mail.'];
  return {
    kind: purpose === 'login' ? 'login-code' : 'reset-code',
    to,
    subject: `Your ${what} code: ${code}`,
    text: lines.join('\n\n'),
    html: simpleHtml(lines),
  };
}

export function approvalMail(to: string, fullName: string, loginUrl: string): OutgoingMail {
  return {
    kind: 'approval',
    to,
    subject: 'Your account has been approved',
    ...noticeParts(
      [
        `Hello ${fullName},`,
        'Your account has been approved. You can now sign in to the client portal, upload your plans and follow your estimates.',
      ],
      { label: 'Sign in', url: loginUrl },
    ),
  };
}

/** Sign-up with an e-mail that has an account: the owner learns of it, the caller learns nothing (no account enumeration). */
export function registerExistingMail(to: string, publicUrl: string): OutgoingMail {
  return {
    kind: 'register-existing',
    to,
    subject: 'Someone tried to register with your address',
    ...noticeParts(
      [
        'Someone tried to register a new account with your e-mail address. You already have an account, so nothing was changed.',
        'If it was you, sign in instead; if you forgot your password, use "Forgot password" on the sign-in page. If it was not you, you can ignore this e-mail.',
      ],
      { label: 'Sign in', url: `${publicUrl}/login` },
    ),
  };
}

/** To COMPANY_EMAIL on every sign-up, so approval does not wait for someone to open /user. */
export function signupNoticeMail(to: string, user: { fullName: string; email: string }, publicUrl: string): OutgoingMail {
  return {
    kind: 'signup',
    to,
    subject: `New sign-up waiting for approval: ${user.fullName}`,
    // The firm's Reply reaches the new user, as on every firm-side mail about a person.
    ...replyToPerson(user.email),
    ...noticeParts(
      [`${user.fullName} (${user.email}) signed up for the client portal.`, 'The account waits for your approval before it can sign in.'],
      { label: 'Review and approve', url: `${publicUrl}/user` },
    ),
  };
}
