import { createClient, signInAdmin, type TestServer } from './harness.ts';
import { submitQuery } from './submit-query.ts';

// The requests the admin search tests look for (search.pg.test.ts, and the plans of each engine in
// search.sqlite-only.test.ts and search.pg-only.test.ts): Erin's four, each with text one kind of
// search must find, and one of Bob's that none of them may.

export async function seedSearchRequests(server: TestServer) {
  const admin = await signInAdmin(server);
  const erin = await createClient(server, admin, { fullName: 'Erin Searchfield', email: 'erin@example.com' });
  const files = await submitQuery(
    server,
    erin.token,
    'Takeoff from plans.pdf; questions to estimator@site-office.com; addendum 2027/01/15; footing at -12 ft.',
  );
  const quoted = await submitQuery(server, erin.token, `Tom's "quoted" bid & more: roof*deck at 50% off_list (a|b) <-> !c`);
  const other = await submitQuery(server, erin.token, 'Unrelated drywall request in Doral.');
  const named = await submitQuery(server, erin.token, 'Framing takeoff.', {
    projectName: 'Kendall "Annex" Library',
    location: 'Coral Gables Zone Q7',
  });
  const bob = await createClient(server, admin, { fullName: 'Bob Otherman', email: 'bob@example.com' });
  await submitQuery(server, bob.token, 'Roofing takeoff.', { projectName: 'Doral Depot', location: 'Hialeah' });
  return { admin, files, quoted, named, erinIds: [files, quoted, other, named] };
}
