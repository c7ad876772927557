// pg_dump and pg_restore for the backup and restore commands. The URL's password
// goes to them in PGPASSWORD, never on a command line that `ps` shows.
import { spawn } from 'node:child_process';

export class ToolError extends Error {}

/** DATABASE_URL without its password, and the environment that carries the password. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs pg_dump or pg_restore against `url`; rejects with one line a person can act on. */
export function runPostgresTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const { dbname, env } = connection(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new ToolError(
          err.code === 'ENOENT'
            ? `${tool} was not found on PATH: install the PostgreSQL client tools of the server's major version (Debian/Ubuntu: apt-get install postgresql-client; docs/operations.md "Backup").`
            : `${tool} could not run: ${err.message}`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new ToolError(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`)),
    );
  });
}
