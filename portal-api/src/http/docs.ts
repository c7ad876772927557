import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Scalar } from '@scalar/hono-api-reference';
import type { Context, MiddlewareHandler } from 'hono';
import { cspFor } from './csp.ts';
import { errorBody } from './errors.ts';
import { html, htmlText, raw } from '../lib/html.ts';
import type { OpenApiDoc } from './openapi.ts';

// /api/docs: Scalar's interactive reference over /api/openapi.json (request
// and response schemas with generated examples, a "try it" client). The
// product loads nothing from a CDN: Scalar's single-file browser bundle is
// served by this server at /api/docs/scalar.js, read from node_modules
// (@scalar/api-reference, a build-time package) or, in the compiled server of
// the production image, from the copy `npm run build:server` puts beside it
// (dist-server/vendor/). The page's CSP admits only this origin and its own
// inline configuration script. Until the script has run (or without
// JavaScript) the page shows a plain list of every operation, rendered here
// from the same document.

export const SCALAR_PATH = '/api/docs/scalar.js';
const BUNDLE_IN_PACKAGE = 'dist/browser/standalone.js';
/** Where build-server.ts copies the bundle, relative to the compiled server. */
export const BUNDLE_IN_DIST = 'vendor/scalar-standalone.js';

/** Scalar's browser bundle in this install: node_modules first, then the compiled server's copy; null when neither is there. */
export function scalarBundlePath(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
    // …/node_modules/@scalar/api-reference/dist/index.js → the package folder.
    let dir = path.dirname(entry);
    while (path.basename(dir) !== 'api-reference' && path.dirname(dir) !== dir) dir = path.dirname(dir);
    const file = path.join(dir, BUNDLE_IN_PACKAGE);
    if (fs.existsSync(file)) return file;
  } catch {
    // Not installed (production dependencies only): the compiled server's copy below.
  }
  const copy = path.join(path.dirname(fileURLToPath(import.meta.url)), BUNDLE_IN_DIST);
  return fs.existsSync(copy) ? copy : null;
}

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string }>;
};

/** The list's styles, scoped to it: they must not touch Scalar's page once it has rendered. */
const LIST_STYLE = raw(
  '.ops{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem;color:#1c2430}.ops h1,.ops h2{color:#0f2a44}.ops table{border-collapse:collapse;width:100%;margin-bottom:2rem}.ops td,.ops th{border-bottom:1px solid #dfe4ea;padding:.5rem;text-align:left;vertical-align:top}.ops code{font-size:.9em}.ops .m{font-weight:700}.ops .get{color:#15803d}.ops .post{color:#1d4ed8}.ops .put,.ops .patch{color:#b45309}.ops .delete{color:#b91c1c}.ops .lock{color:#b45309}.ops .open{color:#15803d}.ops small{color:#5b6675}.ops{overflow-wrap:anywhere}@media (max-width:640px){.ops thead{display:none}.ops tr,.ops td{display:block}.ops td{border:0;padding:.1rem 0}.ops tr{border-bottom:1px solid #dfe4ea;padding:.5rem 0}}',
);

function row(route: string, method: string, op: Operation) {
  // `security: []` (or an empty requirement among others) means no token is needed.
  const open = !op.security?.length || op.security.some((s) => Object.keys(s as object).length === 0);
  const auth = open ? html`<span class="open">no token needed</span>` : html`<span class="lock">bearer token</span>`;
  const params = (op.parameters ?? []).map((p) => `${p.name} (${p.in})`).join(', ');
  return html`<tr>
    <td><code class="m ${method}">${method.toUpperCase()}</code></td>
    <td><code>/api${route}</code></td>
    <td>
      ${op.summary ?? ''}${
        op.description ? html`<br /><small>${op.description}</small>` : ''
      }${params ? html`<br /><small>Parameters: ${params}</small>` : ''}
    </td>
    <td>${auth}</td>
  </tr>`;
}

/**
 * Every operation by tag: method, path, summary, parameters, token or not, written
 * with hono/html, which escapes every value (lib/html.ts).
 */
export function operationList(doc: OpenApiDoc, interactive: boolean): string {
  const groups = new Map<string, ReturnType<typeof row>[]>();
  for (const [route, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), row(route, method, op)]);
    }
  }
  const sections = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, rows]) =>
        html`<h2>${tag}</h2>
          <table>
            <thead>
              <tr>
                <th>Method</th>
                <th>Path</th>
                <th>What it does · who may call it</th>
                <th>Auth</th>
              </tr>
            </thead>
            <tbody>
              ${rows}
            </tbody>
          </table>`,
    );
  const note = interactive
    ? 'The interactive reference replaces this list once its script has loaded (it needs JavaScript).'
    : 'The interactive reference is not installed on this server; this list shows every operation.';
  return htmlText(
    html`<div class="ops">
      <style>
        ${LIST_STYLE}
      </style>
      <h1>${doc.info.title}</h1>
      <p>
        ${note} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Errors answer <code>{"message": "…"}</code> with a
        4xx/5xx status. Authenticate with <code>Authorization: Bearer &lt;token&gt;</code> from
        <code>POST /api/auth/login-verify-otp</code>.
      </p>
      ${sections}
    </div>`,
  );
}

type Bundle = { file: string; hash: string; raw: Buffer; br?: Buffer; gzip?: Buffer };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** GET /api/docs and GET /api/docs/scalar.js. */
export function apiReference(document: () => OpenApiDoc): { page: MiddlewareHandler; script: (c: Context) => Promise<Response> } {
  let bundle: Bundle | null | undefined;
  const loadBundle = (): Bundle | null => {
    if (bundle !== undefined) return bundle;
    const file = scalarBundlePath();
    if (!file) return (bundle = null);
    const raw = fs.readFileSync(file);
    return (bundle = { file, raw, hash: createHash('sha256').update(raw).digest('hex').slice(0, 12) });
  };

  let pageHtml: string | undefined;
  const page: MiddlewareHandler = async (c, next) => {
    if (!pageHtml) {
      const found = loadBundle();
      if (found) {
        const scalar = Scalar({
          url: '/api/openapi.json',
          pageTitle: document().info.title,
          // The version in the address: a new bundle is a new URL, so it may be cached for long.
          cdn: `${SCALAR_PATH}?v=${found.hash}`,
          withDefaultFonts: false,
          // Nothing that reaches for Scalar's hosted services: no telemetry, AI agent, MCP generator or toolbar.
          hideClientButton: true,
          telemetry: false,
          agent: { disabled: true },
          mcp: { disabled: true },
          showDeveloperTools: 'never',
          documentDownloadType: 'json',
        } as Parameters<typeof Scalar>[0]);
        const res = (await scalar(c, next)) as Response;
        pageHtml = (await res.text()).replace('<div id="app"></div>', () => `<div id="app">${operationList(document(), true)}</div>`);
      } else {
        pageHtml = htmlText(
          html`<!doctype html>
            <html lang="en">
              <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width,initial-scale=1" />
                <title>${document().info.title}</title>
                <meta name="robots" content="noindex" />
              </head>
              <body>
                ${raw(operationList(document(), false))}
              </body>
            </html>`,
        );
      }
    }
    return c.html(pageHtml, 200, { 'content-security-policy': cspFor(pageHtml), 'cache-control': 'no-cache' });
  };

  const script = async (c: Context): Promise<Response> => {
    const found = loadBundle();
    if (!found) return c.json(errorBody(404, 'Not found.'), 404);
    const headers: Record<string, string> = {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': c.req.query('v') === found.hash ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag: `"${found.hash}"`,
      vary: 'accept-encoding',
    };
    if (c.req.header('if-none-match') === headers.etag) return new Response(null, { status: 304, headers });
    const accept = c.req.header('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    let body = found.raw;
    if (encoding === 'br') body = found.br ??= await brotli(found.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    else if (encoding === 'gzip') body = found.gzip ??= await gzip(found.raw, { level: 6 });
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.length);
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };

  return { page, script };
}
