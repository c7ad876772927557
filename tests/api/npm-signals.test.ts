import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { cleanupAfterEach } from './cleanups.ts';
import { compiledDir } from './compiled-server.ts';
import { ADMIN } from './harness.ts';
import { ROOT } from './site-project.ts';

// `npm start` and `npm run serve:dist` ran `sh -c "check-node && node …"`.
// npm passes SIGTERM to its child, the shell, which died of it and left the
// server running as an orphan that kept the port. The scripts now `exec` the
// server, so npm's child is the server itself and SIGTERM stops it.

const { cleanups, tempDir } = cleanupAfterEach();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Runs `npm run <script>` in `cwd`, waits for /api/health, sends npm SIGTERM and expects the server gone within 5 s. */
async function stopsOnSigterm(cwd: string, script: string, env: Record<string, string>) {
  const npm = spawn('npm', ['run', script], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const npmExited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
  const listening = new Promise<{ url: string; pid: number }>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const line = output.split('\n').find((l) => l.includes('"url":"http'));
      if (line) {
        const { url, pid } = JSON.parse(line) as { url: string; pid: number };
        resolve({ url, pid });
      }
    };
    npm.stdout.on('data', onData);
    npm.stderr.on('data', onData);
    void npmExited.then(() => reject(new Error(`npm run ${script} exited before listening:\n${output}`)));
  });
  cleanups.push(async () => {
    npm.kill('SIGKILL');
    const { pid } = await listening.catch(() => ({ pid: 0 }));
    if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
  });
  const { url, pid } = await listening;
  expect((await fetch(`${url}/api/health`)).status).toBe(200);

  npm.kill('SIGTERM');
  await npmExited;
  const deadline = Date.now() + 5000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(alive(pid), `server ${pid} still running after SIGTERM to npm:\n${output}`).toBe(false);
  await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  expect(output).toContain('"signal":"SIGTERM"');
}

it('SIGTERM to `npm start` stops the server and frees the port', { timeout: 90_000 }, async () => {
  // A site build newer than every source: npm start serves it without building.
  const dist = await tempDir('estimating-dist-');
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  await stopsOnSigterm(ROOT, 'start', { DATA_DIR: await tempDir('estimating-npm-start-'), DIST_DIR: dist });
});

it('SIGTERM to `npm run serve:dist` stops the compiled server and frees the port', { timeout: 120_000 }, async () => {
  // The scripts of this checkout around the server compiled for this test run (compiled-server.ts).
  const project = await tempDir('estimating-serve-dist-');
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(project, 'package.json'));
  fs.copyFileSync(path.join(ROOT, '.nvmrc'), path.join(project, '.nvmrc'));
  fs.mkdirSync(path.join(project, 'portal-api/scripts'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'portal-api/scripts/check-node.mjs'), path.join(project, 'portal-api/scripts/check-node.mjs'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  fs.cpSync(compiledDir(), path.join(project, 'dist-server'), { recursive: true });
  await stopsOnSigterm(project, 'serve:dist', { DATA_DIR: path.join(project, 'data') });
});

// systemd's default KillMode=control-group sends SIGTERM to every process of the service: npm
// and the server both get it, and npm forwards its own, so the server sees it twice or more. A
// second signal once killed the server halfway through its stop. Here a mail is held by a mail
// server that never answers, and the whole group gets SIGTERM four times.
it('SIGTERM to the whole process group of `npm start`, repeated, still stops cleanly with exit 0', { timeout: 90_000 }, async () => {
  const dist = await tempDir('estimating-dist-');
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  const dataDir = await tempDir('estimating-npm-group-');
  const held: net.Socket[] = [];
  const smtp = net.createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => smtp.close(resolve));
  });
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      DIST_DIR: dist,
      SMTP_URL: `smtp://127.0.0.1:${(smtp.address() as net.AddressInfo).port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    npm.on('exit', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(async () => {
    try {
      process.kill(-npm.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  const until = async (what: string, test: () => boolean) => {
    for (let i = 0; !test(); i++) {
      if (i > 600 || npm.exitCode !== null) throw new Error(`${what} never happened:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await until('listening', () => output.includes('"url":"http'));
  const { url, pid } = JSON.parse(output.split('\n').find((l) => l.includes('"url":"http'))!) as { url: string; pid: number };
  // A sign-in code goes to the mail server, which takes the connection and never answers.
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  await until('the mail server connection', () => held.length > 0);

  process.kill(-npm.pid!, 'SIGTERM');
  await until('the shutdown line', () => output.includes('"msg":"shutting down"'));
  for (let i = 0; i < 3; i++) process.kill(-npm.pid!, 'SIGTERM');

  expect(await exited, output).toEqual({ code: 0, signal: null });
  expect(alive(pid)).toBe(false);
  await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  expect(output).toContain('already shutting down: signal ignored');
  expect(output).toContain('stopping: unsent mails given back to the outbox');
  expect(output).toContain('"msg":"stopped"');
  // The code is due again at the next start, not after the three-minute lease.
  const db = new Database(path.join(dataDir, 'app.db'), { readonly: true });
  const rows = db.prepare('SELECT status, lease_until FROM outbox').all();
  db.close();
  expect(rows).toEqual([{ status: 'pending', lease_until: null }]);
});
