import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Repo files are data access only: they take `db` or a transaction first,
// and leave refusals (HttpError), mail (enqueueMail) and the app's dependencies (Deps) to the
// workflow and route files that call them. The outbox's own repo defines enqueueMail.

const SRC = path.resolve(import.meta.dirname, '..');
const FORBIDDEN = [/\bHttpError\b/, /\benqueueMail\b/, /\bDeps\b/];

function repoFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return repoFiles(full);
    return entry.name.endsWith('.repo.ts') ? [full] : [];
  });
}

describe('repo files', () => {
  const files = repoFiles(SRC);

  it('are found', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [path.relative(SRC, f), f]))('%s throws no HttpError, queues no mail and takes no Deps', (_name, file) => {
    const code = fs.readFileSync(file, 'utf8');
    const allowed = path.basename(file) === 'outbox.repo.ts' ? FORBIDDEN.filter((re) => !re.test('enqueueMail')) : FORBIDDEN;
    for (const re of allowed) expect(code, `${re} in ${path.relative(SRC, file)}`).not.toMatch(re);
  });
});
