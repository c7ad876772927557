import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A throwaway copy of the project's site sources (site/, content/, the Astro
// config) sharing node_modules, so a test can build the real site, break a
// content file or rebuild while serving without touching the checkout's dist/.

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function copyProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'estimating-site-'));
  for (const entry of ['site', 'content', 'portal-api', 'astro.config.mjs', 'tsconfig.json', 'package.json', '.nvmrc']) {
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

export type Started = { child: ChildProcess; url: Promise<string>; output: () => string; exited: Promise<number | string> };

/** Runs a Node entry (TypeScript through tsx, or plain JavaScript) in `cwd` and finds the URL in its "listening" log line. */
export function startNode(cwd: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const url = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`exited (${code}) before listening:\n${output}`)));
  });
  url.catch(() => undefined);
  return { child, url, output: () => output, exited };
}

export async function stopNode(started: Started): Promise<void> {
  if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGTERM');
  await started.exited;
}
