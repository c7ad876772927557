import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The browser decides what to do by an error's `code` (portal-api/src/shared/error-codes.ts),
// never by its English sentence: rewording a message must not change behaviour. This wall reads
// every browser source file and refuses
//   - a comparison with a `.message` (`err.message === …`, `frame.message !== …`), and
//   - a comparison with an imported sentence (`text === UPLOADS_GONE`, `x === BLOG_TEXTS.required`,
//     `case SESSION_EXPIRED:`, `[A, B].includes(text)`): any string or object of strings exported by
//     a server module or site/lib/product-texts.ts that reads as a sentence (has a space).

const root = path.resolve(import.meta.dirname, '../..');
const siteDir = path.join(root, 'site');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isSentence = (value: unknown): boolean =>
  (typeof value === 'string' && /\s/.test(value.trim())) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).some(isSentence));

const EQUALITY = String.raw`(?:===|!==|==|!=)`;
/** `a.message ===`, `=== a.message`, `a?.message !==`. */
const MESSAGE_COMPARISON = new RegExp(String.raw`\.message\s*${EQUALITY}|${EQUALITY}\s*[\w$.?[\]]*\.message\b(?!\s*\.)`);

/** Each `import { A, B as C } from '…'` of a file: local name → [module specifier, exported name]. */
function importsOf(text: string): Array<{ local: string; exported: string; from: string }> {
  const found: Array<{ local: string; exported: string; from: string }> = [];
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    for (const part of m[1]!.split(',')) {
      const names = part.trim().replace(/^type\s+/, '');
      if (!names) continue;
      const [exported, local = exported] = names.split(/\s+as\s+/).map((s) => s.trim());
      found.push({ local: local!, exported: exported!, from: m[2]! });
    }
  }
  return found;
}

/** The modules whose sentences count: the server's (labels, schemas, limits) and the browser's texts of docs/product.md. */
const textModule = (resolved: string) =>
  resolved.startsWith(path.join(root, 'portal-api', 'src') + path.sep) || resolved.endsWith(path.join('site', 'lib', 'product-texts.ts'));

const moduleCache = new Map<string, Promise<Record<string, unknown>>>();
const load = (file: string) => {
  let loaded = moduleCache.get(file);
  if (!loaded) moduleCache.set(file, (loaded = import(file) as Promise<Record<string, unknown>>));
  return loaded;
};

/** What the wall refuses in one file's text, as `line: source` strings. */
export async function textBranches(file: string, text: string): Promise<string[]> {
  const sentences: string[] = [];
  for (const { local, exported, from } of importsOf(text)) {
    if (!from.startsWith('.')) continue;
    const resolved = path.resolve(path.dirname(file), from);
    if (!textModule(resolved) || !/\.ts$/.test(resolved) || !fs.existsSync(resolved)) continue;
    const mod = await load(resolved);
    if (isSentence(mod[exported])) sentences.push(local);
  }
  const named = sentences.map((name) => name.replace(/\$/g, '\\$')).join('|');
  const operand = named ? String.raw`\b(?:${named})\b(?:\??\.[\w$]+)?` : null;
  const sentenceComparison = operand
    ? new RegExp(
        [
          String.raw`${EQUALITY}\s*${operand}`,
          String.raw`${operand}\s*${EQUALITY}`,
          String.raw`\bcase\s+${operand}\s*:`,
          String.raw`\[[^\]]*${operand}[^\]]*\]\s*\.includes\(`,
          String.raw`\.(?:includes|startsWith|endsWith)\(\s*${operand}\s*\)`,
        ].join('|'),
      )
    : null;
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    if (MESSAGE_COMPARISON.test(code) || sentenceComparison?.test(code)) found.push(`${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('the browser branches on error codes, never on English text', () => {
  it('compares no message and no imported sentence anywhere under site/', async () => {
    const offences: string[] = [];
    for (const file of sourceFiles(siteDir)) {
      const found = await textBranches(file, fs.readFileSync(file, 'utf8'));
      offences.push(...found.map((f) => `${path.relative(root, file)}:${f}`));
    }
    expect(offences).toEqual([]);
  });

  it('catches each planted comparison, and lets comparisons of codes and statuses through', async () => {
    const file = path.join(siteDir, 'lib', 'planted.ts');
    const header = [
      "import { SESSION_EXPIRED } from '../../portal-api/src/modules/auth/auth.labels.ts';",
      "import { UPLOADS_GONE as GONE, UPLOADS_NOT_READY } from '../../portal-api/src/modules/uploads/uploads.schema.ts';",
      "import { BLOG_TEXTS } from '../../portal-api/src/modules/blogs/blogs.labels.ts';",
      "import { PRODUCT_TEXTS } from './product-texts.ts';",
    ].join('\n');
    const planted = [
      "if (err.message === 'Your session has expired.') signOut();",
      'if (frame.message !== reply) return;',
      'if (SESSION_EXPIRED === text) signOut();',
      'if (text === GONE) retry();',
      'const missing = errors.title?.message == BLOG_TEXTS.required;',
      'switch (text) { case PRODUCT_TEXTS.somethingWrong: break; }',
      'if ([GONE, UPLOADS_NOT_READY].includes(text)) retry();',
    ];
    for (const line of planted) {
      expect(await textBranches(file, `${header}\n${line}\n`), line).toHaveLength(1);
    }
    const allowed = [
      "if (err.code === 'session_expired') signOut();",
      "if (frame.type === 'error' && frame.code === 'query_closed') close();",
      'if (err.status === 409) toast.error(err.message);',
      'if (frame.message.query === queryId) add(frame.message);',
      'toast.error(SESSION_EXPIRED);',
      'const text = serverMessage(err) || GONE;',
    ];
    for (const line of allowed) {
      expect(await textBranches(file, `${header}\n${line}\n`), line).toEqual([]);
    }
  });
});
