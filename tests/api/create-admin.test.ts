import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compiled } from './compiled-server.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { ROOT } from './site-project.ts';

// `create-admin` on a client's e-mail once reset that client's password and made
// them admin, saying only 'updated'. It now refuses unless --promote is given, and
// says what it did. Its password can come from ADMIN_PASSWORD or a terminal prompt,
// so it need not sit in shell history.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

// As the Docker image runs it (compiled-server.ts).
const script = compiled('create-admin');

function run(args: string[], env: Record<string, string> = {}, input?: string) {
  // With `input`, the command runs in a pseudo-terminal (util-linux `script`), as a person would type.
  const command = input === undefined ? process.execPath : 'script';
  const argv =
    input === undefined ? [script, ...args] : ['-qec', [process.execPath, script, ...args].map((a) => `'${a}'`).join(' '), '/dev/null'];
  const child = spawn(command, argv, {
    cwd: ROOT,
    // The server's own database, on either engine.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: server.dataDir, ...databaseUrl(), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let answered = 0;
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    // Answer each prompt once, as it appears.
    const prompts = stdout.match(/(Password for \S+|Again): /g)?.length ?? 0;
    for (; input !== undefined && answered < prompts; answered++) child.stdin.write(`${input}\n`);
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  if (input === undefined) child.stdin.end();
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

const databaseUrl = (): Record<string, string> => {
  const { database } = server.deps.config;
  return database.kind === 'postgres' ? { DATABASE_URL: database.url } : {};
};

const roleOf = async (email: string) =>
  (await server.deps.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst())?.role;

it('refuses to make a client an admin unless --promote is given, and says what it did', { timeout: 180_000 }, async () => {
  const email = 'careful-client@example.com';
  const reg = await server.call('POST', '/api/auth/register', { json: { fullName: 'Careful Client', email, password: 'Client-Passw0rd' } });
  expect(reg.status).toBe(201);

  const refused = await run(['--email', email], { ADMIN_PASSWORD: 'Another-Passw0rd' });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`${email} belongs to a client account (Careful Client). Nothing was changed.`);
  expect(refused.stderr).toContain('--promote');
  expect(await roleOf(email)).toBe('client');
  // The client's own password still works: nothing was reset.
  expect((await server.call('POST', '/api/auth/login', { json: { email, password: 'Client-Passw0rd' } })).status).not.toBe(401);

  const promoted = await run(['--email', email, '--promote'], { ADMIN_PASSWORD: 'Another-Passw0rd' });
  expect(promoted.stderr).toBe('');
  expect(promoted.code).toBe(0);
  expect(promoted.stdout).toContain(`Promoted client ${email} to admin and set a new password; their sessions were ended.`);
  expect(await roleOf(email)).toBe('admin');

  const again = await run(['--email', email], { ADMIN_PASSWORD: 'Another-Passw0rd' });
  expect(again.code).toBe(0);
  expect(again.stdout).toContain(`Admin ${email} already existed: password unchanged.`);
});

it('asks for the password in a terminal, without echoing it', { timeout: 180_000 }, async () => {
  const email = 'prompted-admin@example.com';
  const made = await run(['--email', email], {}, 'Prompted-Passw0rd');
  expect(made.code).toBe(0);
  expect(made.stdout).toContain(`Password for ${email}: `);
  expect(made.stdout).toContain(`Created admin ${email} named Prompted Admin (give --name to choose another).`);
  expect(made.stdout).not.toContain('Prompted-Passw0rd');
  expect(await roleOf(email)).toBe('admin');
  expect((await server.call('POST', '/api/auth/login', { json: { email, password: 'Prompted-Passw0rd' } })).status).toBe(200);

  // No terminal and no password anywhere: one line saying where it may come from.
  const none = await run(['--email', 'nobody-admin@example.com']);
  expect(none.code).toBe(1);
  expect(none.stderr).toMatch(/^--password is missing \(set ADMIN_PASSWORD, or run in a terminal to be asked\)\. Usage:/);
});

it('names a new admin after its e-mail unless --name is given, and renames an existing one with --name', { timeout: 180_000 }, async () => {
  const nameOf = async (email: string) =>
    (await server.deps.db.selectFrom('users').select('full_name').where('email', '=', email).executeTakeFirst())?.full_name;
  const email = 'maria.lopez+bids@example.com';
  const made = await run(['--email', email], { ADMIN_PASSWORD: 'Estimator-Passw0rd' });
  expect(made.code).toBe(0);
  expect(await nameOf(email)).toBe('Maria Lopez');

  const renamed = await run(['--email', email, '--name', '  María López-Reyes '], { ADMIN_PASSWORD: 'Estimator-Passw0rd' });
  expect(renamed.code).toBe(0);
  expect(renamed.stdout).toContain(`Admin ${email} already existed: password unchanged. Renamed to María López-Reyes.`);
  expect(await nameOf(email)).toBe('María López-Reyes');

  // Without --name an existing account keeps its name.
  expect((await run(['--email', email], { ADMIN_PASSWORD: 'Estimator-Passw0rd' })).code).toBe(0);
  expect(await nameOf(email)).toBe('María López-Reyes');

  const named = await run(['--email', 'desk@example.com', '--name', 'Front Desk'], { ADMIN_PASSWORD: 'Estimator-Passw0rd' });
  expect(named.stdout).toContain('Created admin desk@example.com named Front Desk.');
  expect(await nameOf('desk@example.com')).toBe('Front Desk');
  expect((await run(['--email', 'x@example.com', '--name', ' '], { ADMIN_PASSWORD: 'Estimator-Passw0rd' })).stderr).toMatch(
    /^--name must not be empty\. Usage:/,
  );
});
