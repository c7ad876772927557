import { simpleHtml, type MailMessage } from '../../lib/mail.ts';

export function codeMail(to: string, code: string, purpose: 'login' | 'reset'): MailMessage {
  const what = purpose === 'login' ? 'sign-in' : 'password reset';
  const lines = [
    `Your ${what} code is ${code}.`,
    'It is valid for 10 minutes. If you did not ask for it, you can ignore this e-mail.',
  ];
  return { to, subject: `Your ${what} code: ${code}`, text: lines.join('\n\n'), html: simpleHtml(lines) };
}

export function approvalMail(to: string, fullName: string, loginUrl: string): MailMessage {
  const lines = [
    `Hello ${fullName},`,
    'Your account has been approved. You can now sign in to the client portal, upload your plans and follow your estimates.',
    `Sign in: ${loginUrl}`,
  ];
  return { to, subject: 'Your account has been approved', text: lines.join('\n\n'), html: simpleHtml(lines) };
}
