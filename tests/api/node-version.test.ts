import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// On a Node older than 22.12 every npm script stops first, with one line
// naming .nvmrc. Uses a real old Node: the machine's Node 20
// (/usr/bin/node on the CI image), with npm running on it.

const ROOT = path.resolve(import.meta.dirname, '../..');
const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;

function oldNode(): string {
  const candidates = new Set(['/usr/bin/node', '/usr/local/bin/node']);
  try {
    for (const p of execFileSync('which', ['-a', 'node'], { encoding: 'utf8' }).split('\n')) if (p.trim()) candidates.add(p.trim());
  } catch {
    // `which` found nothing
  }
  for (const candidate of candidates) {
    if (!fs.existsSync(candidate)) continue;
    const version = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    const [major, minor] = version.split('.').map(Number) as [number, number];
    if (major < 22 || (major === 22 && minor < 12)) return candidate;
  }
  throw new Error('This test needs a Node older than 22.12 on the machine (the image ships Node 20 at /usr/bin/node).');
}

it('every npm script runs the Node check first', () => {
  for (const [name, command] of Object.entries(scripts)) {
    expect(command, name).toMatch(/^node portal-api\/scripts\/check-node\.mjs && /);
  }
});

// The test above holds every script to the check; this one runs the commands a newcomer types
// first (README.md) on the old Node. Each run starts npm (about 0.4 s of processor): all of
// them took 16 s, and any script that starts with the check stops the same way.
const FIRST_COMMANDS = ['start', 'dev', 'build', 'test', 'test:e2e', 'create-admin'];

it("on an old Node a newcomer's first npm commands stop with the one-line message", () => {
  const node = oldNode();
  const bin = path.dirname(node);
  const npm = ['npm', 'npm-cli.js'].map((f) => path.join(bin, f)).find((f) => fs.existsSync(f)) ?? 'npm';
  const env = { ...process.env, PATH: `${bin}:/usr/bin:/bin` };
  for (const name of FIRST_COMMANDS) {
    expect(scripts, name).toHaveProperty(name);
    // Arguments as a newcomer would pass them; the check must stop before any of them matter.
    const run = spawnSync(npm, ['run', '--silent', name], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
    expect(run.status, name).not.toBe(0);
    const lines = `${run.stdout}${run.stderr}`.split('\n').filter((l) => l.trim() && !/^npm warn/i.test(l));
    expect(lines, name).toEqual([
      expect.stringMatching(/^Node \d+\.\d+\.\d+ is too old: this project needs Node 22\.12 or newer; \.nvmrc pins 24 /),
    ]);
  }
}, 120_000);
