import fs from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'astro/zod';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type TagId } from 'yaml';
import { CONTENT_COLLECTIONS, type ContentCollection } from '../../../site/content.schema.ts';

// The content check the build runs before Astro (site/build.ts): every file of
// every collection is parsed and held to the collection's schema, and every
// problem is reported with its file, line and column. Astro stops at the first
// broken file and names no line (content/README.md, "Publishing").
//
// The files are read as Astro reads them: YAML by js-yaml's default schema (the
// YAML 1.2 core types plus timestamps, merge keys and the 1.1 collection tags),
// Markdown front matter between the same `---` lines. The `yaml` package is used
// because it keeps each value's position in the file.

export type ContentProblem = { file: string; line: number; column: number; message: string };

/** Per file, the first problems are listed and the rest counted: one broken file should not bury the others. */
const PER_FILE = 10;

/** Astro's front matter (@astrojs/internal-helpers, frontmatter.ts): what stands between the first two `---` lines. */
const FRONT_MATTER = /(?:^\uFEFF?|^\s*\n)---([\s\S]*?\n)---/;

/** js-yaml's default schema beyond the core types (dates stay dates, `<<` merges). */
const JS_YAML_TAGS: TagId[] = ['timestamp', 'binary', 'omap', 'pairs', 'set'];

/** Every problem in the content of the project at `root`, in file order; an empty list when it builds. */
export async function checkContent(root: string): Promise<ContentProblem[]> {
  const problems: ContentProblem[] = [];
  for (const collection of Object.values(CONTENT_COLLECTIONS) as ContentCollection[]) {
    for (const file of await filesOf(root, collection)) {
      const text = await fs.readFile(file, 'utf8');
      problems.push(...checkFile(path.relative(root, file).split(path.sep).join('/'), text, collection.schema));
    }
  }
  return problems;
}

/** The files a glob() loader with this base and pattern reads: one named file, or every `*.ext` file of the folder. */
async function filesOf(root: string, { base, pattern }: ContentCollection): Promise<string[]> {
  const dir = path.resolve(root, base);
  if (!pattern.includes('*')) {
    const file = path.join(dir, pattern);
    return (await fs.stat(file).catch(() => null))?.isFile() ? [file] : [];
  }
  const extension = /^\*(\.[\w.]+)$/.exec(pattern)?.[1];
  if (!extension) throw new Error(`The content check reads a file name or *.ext, not ${pattern}`);
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.') && e.name.endsWith(extension))
    .map((e) => path.join(dir, e.name))
    .sort();
}

/** The problems of one file (`file` is the name reported). */
export function checkFile(file: string, text: string, schema: z.ZodType): ContentProblem[] {
  const isMarkdown = /\.mdx?$/.test(file);
  let source = text;
  let lineOffset = 0;
  if (isMarkdown) {
    const match = FRONT_MATTER.exec(text);
    // No front matter: Astro validates an empty object.
    if (!match) return report(file, schema, {}, null);
    const start = match.index + match[0].length - 3 - match[1]!.length;
    source = match[1]!;
    lineOffset = text.slice(0, start).split('\n').length - 1;
  }

  const lines = new LineCounter();
  const doc = parseDocument(source, { merge: true, customTags: JS_YAML_TAGS, lineCounter: lines, prettyErrors: false });
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { line: line + lineOffset, column: col };
  };
  // The first syntax error only: what follows it is read out of step and would mislead.
  const [broken] = doc.errors;
  if (broken) return [{ file, ...at(broken.pos[0]), message: `Not valid YAML: ${firstLine(broken.message)}` }];

  let data: unknown;
  try {
    data = doc.toJS();
  } catch (err) {
    return [{ file, ...at(0), message: firstLine(err instanceof Error ? err.message : String(err)) }];
  }
  // Front matter that is not a mapping counts as none (as in Astro); a data file must be one.
  if (data === null || typeof data !== 'object') {
    if (!isMarkdown) return [{ file, ...at(0), message: 'The file must hold fields (name: value), and holds none.' }];
    data = {};
  }
  return report(file, schema, data, { doc, at });
}

type Located = { doc: Document; at: (offset: number) => { line: number; column: number } };

/** The schema's issues with `data`, each placed in the file (`located`; without it, at the first line). */
function report(file: string, schema: z.ZodType, data: unknown, located: Located | null): ContentProblem[] {
  const result = schema.safeParse(data);
  if (result.success) return [];
  const problems: ContentProblem[] = [];
  for (const issue of flatten(result.error.issues)) {
    const unknown = issue.code === 'unrecognized_keys';
    for (const where of unknown ? issue.keys.map((k) => [...issue.path, k]) : [issue.path]) {
      const position = located ? located.at(offsetOf(located.doc, where, unknown)) : { line: 1, column: 1 };
      const name = where.map(String).join('.');
      const text = unknown
        ? 'Unknown field (check its spelling and indentation)'
        : (issue.code === 'invalid_type' || issue.code === 'invalid_value') && where.length && valueAt(data, where) === undefined
          ? 'Required'
          : issue.message;
      problems.push({ file, ...position, message: name ? `${name}: ${text}` : text });
    }
  }
  return cap(
    file,
    problems.sort((a, b) => a.line - b.line || a.column - b.column),
  );
}

type Issue = z.core.$ZodIssue;

/**
 * A value matching no member of a union (a button with a link and an action, say) is reported
 * by the member it came closest to: the one with the fewest issues. zod gives the members'
 * issues relative to the union's place in the file.
 */
function flatten(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || !issue.errors.length) return [issue];
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    if (!closest.length) return [issue];
    return flatten(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as Issue));
  });
}

/** The value at `where` in the file's data: undefined when the field is missing. */
function valueAt(data: unknown, where: PropertyKey[]): unknown {
  let value = data;
  for (const key of where) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Where the value at `where` is written: a value on its key's line itself, a list or mapping
 * by its key (or its item in a list), a missing one by the nearest written parent. `key`: the
 * key itself (an unknown field).
 */
function offsetOf(doc: Document, where: PropertyKey[], key = false): number {
  let node: unknown = doc.contents;
  let offset = rangeOf(node) ?? 0;
  for (const [i, step] of where.entries()) {
    const last = i === where.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(step));
      if (!pair) break;
      node = pair.value;
      offset = (last && !key && isScalar(node) ? rangeOf(node) : undefined) ?? rangeOf(pair.key) ?? offset;
    } else if (isSeq(node) && typeof step === 'number' && node.items[step]) {
      node = node.items[step];
      offset = rangeOf(node) ?? offset;
    } else break;
  }
  return offset;
}

const rangeOf = (node: unknown): number | undefined => (node as { range?: [number] } | null)?.range?.[0];

function cap(file: string, problems: ContentProblem[]): ContentProblem[] {
  if (problems.length <= PER_FILE) return problems;
  const last = problems[PER_FILE - 1]!;
  return [...problems.slice(0, PER_FILE), { ...last, message: `… and ${problems.length - PER_FILE} more in ${file}` }];
}

const firstLine = (message: string) => message.split('\n')[0]!.trim();

/** The report an operator reads: one line per problem, `file:line:column field: what is wrong`. */
export function formatContentProblems(problems: ContentProblem[]): string {
  const files = new Set(problems.map((p) => p.file)).size;
  return [
    `${files === 1 ? '1 content file has' : `${files} content files have`} errors (content/README.md lists every field):`,
    ...problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`),
  ].join('\n');
}
