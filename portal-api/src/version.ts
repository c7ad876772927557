import { execFileSync } from 'node:child_process';
import pkg from '../../package.json' with { type: 'json' };

// What runs, for /api/health, the start line and backups (docs/operations.md "Upgrades").
// The compiled server carries the commit it was built from (scripts/build-server.ts);
// from the sources it is asked of git, when this is a checkout and git is installed.
declare const __BUILD_COMMIT__: string | undefined;

function checkoutCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: import.meta.dirname,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

export const APP_VERSION: string = pkg.version;
export const APP_COMMIT: string | null = (typeof __BUILD_COMMIT__ === 'string' && __BUILD_COMMIT__) || checkoutCommit();
