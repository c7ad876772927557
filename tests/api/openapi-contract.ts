import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { CallOptions } from './harness.ts';

// The OpenAPI document of /api/openapi.json checked from outside, as a validating proxy would
// (Stoplight Prism in proxy mode): each call's request and answer are held against the document
// with a JSON Schema 2020-12 validator (Ajv; OpenAPI 3.1 schemas are JSON Schema).
//   - An answer's status must be listed for its operation (5xx may fall to `default`), and its
//     JSON body must match that status's schema.
//   - A request the server accepted (2xx) must match the operation's request body and be of a
//     documented media type: the document must not refuse what the API takes. Refused requests
//     (4xx) are the tests' own bad input, and are not held against it.
// Used by every API test through harness.ts (API_CONTRACT_CHECK=0 turns it off).

type Doc = { paths: Record<string, Record<string, Operation>> };
type Media = Record<string, { schema?: unknown }>;
type Operation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Media; required?: boolean };
  responses: Record<string, { content?: Media }>;
};
export type Answer = { status: number; body: unknown; headers: Headers };

const escape = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

export function contractChecker(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as object, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const validator = (pointer: string) => {
    let fn = compiled.get(pointer);
    if (!fn) compiled.set(pointer, (fn = ajv.compile({ $ref: `openapi#${pointer}` })));
    return fn;
  };
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+')}$`),
    literal: template.split('/').filter((s) => !s.startsWith('{')).length,
  }));

  /** The operation a call reaches, by its path template (the most literal one wins, as a router does). */
  const operationOf = (method: string, url: string) => {
    const pathname = new URL(url, 'http://x').pathname;
    if (!pathname.startsWith('/api/')) return null;
    const path = pathname.slice('/api'.length);
    const match = templates.filter((t) => t.pattern.test(path) && doc.paths[t.template]![method]).sort((a, b) => b.literal - a.literal)[0];
    return match ? { template: match.template, op: doc.paths[match.template]![method]! } : null;
  };

  /** What the document says is wrong with one call, or [] (an undocumented path is not judged: /uploads, /ws, the site). */
  function check(method: string, url: string, options: CallOptions, answer: Answer): string[] {
    const lower = method.toLowerCase();
    const found = operationOf(lower, url);
    if (!found) return [];
    const { template, op } = found;
    const where = `${method.toUpperCase()} ${template}`;
    const base = `/paths/${escape(template)}/${lower}`;
    const problems: string[] = [];
    const describe = (fn: ValidateFunction) => ajv.errorsText(fn.errors, { dataVar: 'body' });

    if (answer.status >= 200 && answer.status < 300) {
      const media = options.json !== undefined ? 'application/json' : options.form ? 'multipart/form-data' : null;
      if (media && !op.requestBody?.content[media])
        problems.push(`${where}: ${answer.status} to a ${media} body the document does not declare`);
      else if (media && op.requestBody?.content[media]?.schema) {
        const fn = validator(`${base}/requestBody/content/${escape(media)}/schema`);
        const body = media === 'application/json' ? options.json : formObject(options.form!, op.requestBody.content[media]!.schema);
        if (!fn(body)) problems.push(`${where}: accepted a request body the document refuses: ${describe(fn)}`);
      } else if (!media && op.requestBody?.required && !options.body) {
        problems.push(`${where}: accepted a request without the body the document requires`);
      }
    }

    const status = String(answer.status);
    const documented = op.responses[status] ? status : answer.status >= 500 && op.responses.default ? 'default' : null;
    if (!documented) return [...problems, `${where}: answered ${status}, which the document does not list`];
    const json = op.responses[documented]!.content?.['application/json'];
    const type = answer.headers.get('content-type') ?? '';
    if (json?.schema && /application\/json/.test(type)) {
      const fn = validator(`${base}/responses/${documented}/content/application~1json/schema`);
      if (!fn(answer.body)) problems.push(`${where}: its ${status} body does not match the document: ${describe(fn)}`);
    }
    return problems;
  }

  return { check };
}

/** A multipart body as the object its schema describes: text fields as strings, files as (binary) strings. */
function formObject(form: FormData, schema: unknown): Record<string, unknown> {
  const properties = ((schema as { properties?: Record<string, { type?: string }> }).properties ?? {}) as Record<string, { type?: string }>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const item = typeof value === 'string' ? value : `<file ${value.name}>`;
    if (properties[key]?.type === 'array') out[key] = [...((out[key] as unknown[]) ?? []), item];
    else out[key] = item;
  }
  return out;
}

/**
 * One checker per document text, shared by the servers of a worker (the API project runs its files
 * in one module graph): its validators are compiled once, not once per test file.
 */
const checkers = new Map<string, ReturnType<typeof contractChecker>>();
function checkerFor(text: string): ReturnType<typeof contractChecker> {
  let found = checkers.get(text);
  if (!found) checkers.set(text, (found = contractChecker(JSON.parse(text) as Doc)));
  return found;
}

/** The checker of the server at `baseUrl` (its /api/openapi.json, read once per server). */
const byServer = new Map<string, Promise<ReturnType<typeof contractChecker>>>();
function checkerAt(baseUrl: string): Promise<ReturnType<typeof contractChecker>> {
  let found = byServer.get(baseUrl);
  if (!found) byServer.set(baseUrl, (found = fetch(`${baseUrl}/api/openapi.json`).then(async (res) => checkerFor(await res.text()))));
  return found;
}

/** Holds one call of the server at `baseUrl` to its document: throws with every problem found. */
export async function expectDocumented(baseUrl: string, method: string, url: string, options: CallOptions, answer: Answer): Promise<void> {
  const problems = (await checkerAt(baseUrl)).check(method, url, options, answer);
  if (problems.length) throw new Error(`The answer breaks the OpenAPI document:\n${problems.join('\n')}`);
}

/** Drops a stopped server's checker: another server may later take its port. */
export function forgetServer(baseUrl: string): void {
  byServer.delete(baseUrl);
}

/** Whether the API tests hold their calls to the document (all but API_CONTRACT_CHECK=0; never outside vitest). */
export const CONTRACT_CHECK = !!process.env.VITEST && process.env.API_CONTRACT_CHECK !== '0';
