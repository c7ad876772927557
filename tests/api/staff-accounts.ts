import { expect } from 'vitest';
import { mailsTo, signIn, type TestServer } from './harness.ts';
import { until } from './until.ts';

// Invites an admin through the API, reads the link from the outbox, sets the password and signs in.

/** The token and e-mail of the newest invitation link mailed to `email`. */
export async function invitationLink(server: TestServer, email: string): Promise<{ email: string; token: string; url: string }> {
  const mail = await until(`an invitation to ${email}`, async () =>
    (await mailsTo(server, email)).reverse().find((m) => /staff-invite/.test(m.text)),
  );
  const url = /(https?:\/\/\S+\/staff-invite\?\S+)/.exec(mail.text)![1]!;
  const parsed = new URL(url);
  return { email: parsed.searchParams.get('email')!, token: new URLSearchParams(parsed.hash.slice(1)).get('token')!, url };
}

let counter = 0;
/** A second admin, invited by `adminToken`, with a session of their own. */
export async function inviteAdmin(
  server: TestServer,
  adminToken: string,
  fullName = `Estimator ${++counter}`,
): Promise<{ id: string; token: string; email: string; password: string; fullName: string }> {
  const email = `staff${counter}-${Date.now()}@example.com`;
  const password = 'Staff-Passw0rd';
  const invited = await server.call('POST', '/api/staff/invitations', { token: adminToken, json: { email } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(202);
  const link = await invitationLink(server, email);
  const accepted = await server.call('POST', '/api/staff/invitations/accept', { json: { email, token: link.token, fullName, password } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  const token = await signIn(server, email, password);
  const row = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id: row.id, token, email, password, fullName };
}
