// /api/docs: a readable page for integrators, rendered on the server from the
// same OpenAPI document as /api/openapi.json (no CDN, no JavaScript). Written
// with hono/html, which escapes every value (lib/html.ts).

import { html, htmlText, raw } from '../lib/html.ts';

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  parameters?: Array<{ name: string; in: string }>;
};
type Doc = { info: { title: string; description?: string }; paths?: Record<string, Record<string, Operation>> };

const STYLE = raw(
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem;color:#1c2430}h1,h2{color:#0f2a44}table{border-collapse:collapse;width:100%;margin-bottom:2rem}td,th{border-bottom:1px solid #dfe4ea;padding:.5rem;text-align:left;vertical-align:top}code{font-size:.9em}.m{font-weight:700}.get{color:#15803d}.post{color:#1d4ed8}.put,.patch{color:#b45309}.delete{color:#b91c1c}.lock{color:#b45309}.open{color:#15803d}small{color:#5b6675}',
);

function row(path: string, method: string, op: Operation) {
  const auth = op.security?.length ? html`<span class="lock">bearer token</span>` : html`<span class="open">no token</span>`;
  const params = (op.parameters ?? []).map((p) => `${p.name} (${p.in})`).join(', ');
  return html`<tr>
    <td><code class="m ${method}">${method.toUpperCase()}</code></td>
    <td><code>/api${path}</code></td>
    <td>
      ${op.summary ?? ''}${
        op.description ? html`<br /><small>${op.description}</small>` : ''
      }${params ? html`<br /><small>Parameters: ${params}</small>` : ''}
    </td>
    <td>${auth}</td>
  </tr>`;
}

export function renderDocs(doc: Doc): string {
  const groups = new Map<string, ReturnType<typeof row>[]>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), row(path, method, op)]);
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
  return htmlText(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width,initial-scale=1" />
          <title>${doc.info.title}</title>
          <meta name="robots" content="noindex" />
          <style>
            ${STYLE}
          </style>
        </head>
        <body>
          <h1>${doc.info.title}</h1>
          <p>${doc.info.description ?? ''}</p>
          <p>
            Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Errors answer <code>{"message": "…"}</code> with a 4xx/5xx
            status. Authenticate with <code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/auth/login-verify-otp</code>.
          </p>
          ${sections}
        </body>
      </html>`,
  );
}
