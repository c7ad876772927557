import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { compiled } from './compiled-server.ts';
import { ADMIN } from './harness.ts';
import { createClientOver, createQueryOver, signInOver, startServerProcess, TINY_PDF, type ServerProcess } from './process.ts';
import { openSocket } from './socket.ts';
import { cleanupAfterEach } from './cleanups.ts';

// What the backup tests share (backup.test.ts on SQLite, backup.pg-only.test.ts on PostgreSQL):
// the backup and restore scripts run as the operator runs them (compiled, as in the Docker image:
// compiled-server.ts), a server process to back up and one started on the restored data, and
// what a restore must bring back.

const root = path.resolve(import.meta.dirname, '../..');

export type Run = { code: number | null; stdout: string; stderr: string };
export const runBackup = (env: Record<string, string>, args: string[] = []) => runScript('backup', env, args);
export const runRestore = (env: Record<string, string>, args: string[] = []) => runScript('restore', env, args);

function runScript(script: 'backup' | 'restore', env: Record<string, string>, args: string[]): Promise<Run> {
  const child = spawn(process.execPath, [compiled(script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // A script that hangs (it once spun for ever on --out /proc/nope/…) is killed, not left behind.
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/**
 * The undo steps of a test file (cleanups.ts) and `start`, a server process on `dataDir` stopped
 * after the test: on SQLite unless `env` names a database, whatever TEST_DATABASE_URL says.
 */
export function backupTestKit() {
  const { cleanups, tempDir } = cleanupAfterEach();
  async function start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
    const server = await startServerProcess(dataDir, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env });
    cleanups.push(() => server.stop());
    return server;
  }
  return { cleanups, tempDir, start };
}

/** A client, a request with a file and a chat line on `server`; what a restore must bring back. */
export async function fill(server: ServerProcess, userIdOf: (email: string) => Promise<string>) {
  const adminToken = await signInOver(server, ADMIN.email, ADMIN.password);
  const client = await createClientOver(server, adminToken, userIdOf);
  const queryId = await createQueryOver(server, client.token, 'Please keep this request safe');
  const socket = await openSocket(server.url);
  const message = 'Before the backup';
  socket.ws.send(JSON.stringify({ type: 'sendMessage', token: client.token, queryId, message, replyTo: null }));
  await socket.next((f) => f.type === 'receiveMessage' && f.message.message === message);
  socket.ws.close();
  return { client, queryId };
}

/** Everything `fill` made, read back from a server started on the restored data. */
export async function expectRestored(server: ServerProcess, { client, queryId }: Awaited<ReturnType<typeof fill>>) {
  // The session issued before the backup is in the backup, so it still opens the portal.
  const mine = await server.call('GET', '/api/queries/me', { token: client.token });
  expect(mine.status).toBe(200);
  const query = mine.body.data.find((q: { _id: string }) => q._id === queryId);
  expect(query.message).toBe('Please keep this request safe');
  // The signing secret and the uploads came along: the private file still opens.
  const download = await fetch(new URL(query.files[0].url, server.url));
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(TINY_PDF)).toBe(true);
  const history = await server.call('GET', `/api/chats/query/${queryId}/message`, { token: client.token });
  expect(history.body.map((m: { message: string }) => m.message)).toEqual(['Before the backup']);
  // And the restored accounts sign in with their passwords (codes go to the new outbox).
  expect(await signInOver(server, client.email, 'Client-Passw0rd')).toMatch(/\S{20,}/);
}

export const archiveOf = (run: Run) => /to (\S+\.zip) /.exec(run.stdout)?.[1];
