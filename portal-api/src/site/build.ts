import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The one way the public site is built, used by `npm run build`, `npm start`
// and the admin's rebuild button (site.routes.ts): Astro builds into a fresh
// folder beside dist/ in a child process, and only a finished build is
// renamed into place. A failed build leaves the last good dist/ untouched and
// reports what is wrong: first the content check (content-check.ts), which
// lists every broken content file with its line, then Astro's own error.

export type BuildOutcome =
  | { ok: true; startedAt: string; finishedAt: string; ms: number }
  | { ok: false; startedAt: string; finishedAt: string; ms: number; error: string };

const ANSI = /\u001b\[[0-9;]*m/g;

/** The project a build folder belongs to: the folder holding it when that has an Astro config, else the working directory. */
export function projectRootFor(distDir: string): string {
  const parent = path.dirname(path.resolve(distDir));
  return fs.existsSync(path.join(parent, 'astro.config.mjs')) ? parent : process.cwd();
}

/** Astro's CLI in this install, or null where only production dependencies are installed (the Docker image). */
export function astroCli(root = process.cwd()): string | null {
  const cli = path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return fs.existsSync(cli) ? cli : null;
}

/** The lines of Astro's output that say what is wrong (error name, file, field), without the stack. */
export function buildError(output: string): string {
  const lines = output
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.trimEnd());
  const start = lines.findIndex((l) => /\[[A-Za-z]*Error\]|^\s*error\b|\berror\s/i.test(l));
  if (start === -1) return lines.filter(Boolean).slice(-8).join('\n') || 'The site build failed.';
  const picked: string[] = [];
  let skipNext = false;
  for (const raw of lines.slice(start)) {
    const line = raw.replace(/\*\*/g, '').trim();
    if (/^at\s/.test(line) || /^Stack trace:?/i.test(line)) break;
    if (skipNext || !line || /^(Hint|Error reference):$/.test(line) || /^See https?:/.test(line)) {
      skipNext = /^(Hint|Error reference):$/.test(line);
      continue;
    }
    // Astro prints "Location:" and the file on two lines; keep them as one.
    if (picked.at(-1) === 'Location:') picked[picked.length - 1] = `Location: ${line.replace(/:0:0$/, '')}`;
    else picked.push(line.replace(/^(\w+): \1:/, '$1:'));
    if (picked.length >= 12) break;
  }
  return picked.join('\n');
}

type Options = {
  /** Where the good build lives (served by the server). */
  distDir: string;
  /** The project folder holding astro.config.mjs, content/ and node_modules/. */
  root?: string;
  /** Echo Astro's output as it comes (the terminal of `npm start`). */
  echo?: boolean;
  /** Stops the build (the server closing): nothing is swapped in, the last good build stays. */
  signal?: AbortSignal;
};

export async function buildSite({ distDir, root = process.cwd(), echo = false, signal }: Options): Promise<BuildOutcome> {
  const started = new Date();
  const finish = (result: { ok: true } | { ok: false; error: string }): BuildOutcome => {
    const finished = new Date();
    return { ...result, startedAt: started.toISOString(), finishedAt: finished.toISOString(), ms: finished.getTime() - started.getTime() };
  };
  const cli = astroCli(root);
  if (!cli)
    return finish({
      ok: false,
      error:
        'The site cannot be built here: Astro is not installed (production dependencies only). Build the site where the full install is, e.g. when building the Docker image.',
    });

  // Loaded here, not at the top: it reads the schemas through astro/zod, which only a full install has.
  const { checkContent, formatContentProblems } = await import('./content-check.ts');
  const problems = await checkContent(root);
  if (problems.length) return finish({ ok: false, error: formatContentProblems(problems) });

  const target = path.resolve(root, distDir);
  const next = `${target}.next-${process.pid}-${started.getTime()}`;
  let output = '';
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [cli, 'build'], {
      cwd: root,
      // NODE_ENV=test (a test runner's) would keep Astro from printing the content error.
      env: { ...process.env, SITE_OUT_DIR: next, ASTRO_DEV: '', FORCE_COLOR: '0', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
      killSignal: 'SIGTERM',
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.length > 200_000) output = output.slice(-100_000);
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (err) => {
      output += `\nerror ${err.message}`;
      // Not started at all; an abort also lands here, and then 'close' follows once the child is gone.
      if (child.pid === undefined) resolve(1);
    });
    child.on('close', resolve);
  });

  if (signal?.aborted || code !== 0 || !fs.existsSync(path.join(next, 'index.html'))) {
    fs.rmSync(next, { recursive: true, force: true });
    return finish({ ok: false, error: buildError(output) });
  }
  swapIn(next, target);
  return finish({ ok: true });
}

/**
 * Renames the finished build into place. Both renames happen in one tick of
 * this process; a server in another process may find no dist/ for that
 * instant, and http/static.ts waits for it rather than answering 404.
 */
function swapIn(next: string, target: string): void {
  const old = `${target}.old-${process.pid}-${Date.now()}`;
  const hadOld = fs.existsSync(target);
  if (hadOld) fs.renameSync(target, old);
  fs.renameSync(next, target);
  if (hadOld) fs.rm(old, { recursive: true, force: true }, () => undefined);
}
