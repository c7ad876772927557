import { useAuth } from '../../site/lib/auth-store.ts';
import { ADMIN, createClient, signInAdmin, type TestServer } from '../api/harness.ts';

// The two accounts a screen test signs in as, and the page's session store set as a sign-in leaves it.

export type Account = { token: string; id: string; fullName: string; email: string; role: 'admin' | 'client' };

/** The admin of `server` and a new approved client named `clientName`. */
export async function twoAccounts(server: TestServer, clientName: string): Promise<{ admin: Account; client: Account }> {
  const token = await signInAdmin(server);
  const { id } = await server.deps.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
  const client = await createClient(server, token, { fullName: clientName });
  return {
    admin: { token, id, fullName: 'Admin', email: ADMIN.email, role: 'admin' },
    client: { token: client.token, id: client.id, fullName: client.fullName, email: client.email, role: 'client' },
  };
}

/** The page signed in as `account`. */
export function signInAs(account: Account): void {
  const { token, id, fullName, email, role } = account;
  useAuth.getState().signIn(token, { _id: id, fullName, email, role, status: 'approved' });
}
