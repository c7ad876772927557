// /api/docs: a readable page for integrators, rendered on the server from the
// same OpenAPI document as /api/openapi.json (no CDN, no JavaScript).

import { escapeHtml } from '../lib/html.ts';

type Operation = { summary?: string; description?: string; tags?: string[]; security?: unknown[]; requestBody?: unknown; parameters?: Array<{ name: string; in: string }> };
type Doc = { info: { title: string; description?: string }; paths?: Record<string, Record<string, Operation>> };

// One escaping for every page the server writes (lib/html.ts).
const esc = escapeHtml;

export function renderDocs(doc: Doc): string {
  const groups = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      const auth = op.security?.length ? '<span class="lock">bearer token</span>' : '<span class="open">no token</span>';
      const params = (op.parameters ?? []).map((p) => `${esc(p.name)} (${esc(p.in)})`).join(', ');
      const row = `<tr><td><code class="m ${esc(method)}">${esc(method.toUpperCase())}</code></td><td><code>/api${esc(path)}</code></td><td>${esc(op.summary ?? '')}${op.description ? `<br><small>${esc(op.description)}</small>` : ''}${params ? `<br><small>Parameters: ${params}</small>` : ''}</td><td>${auth}</td></tr>`;
      groups.set(tag, [...(groups.get(tag) ?? []), row]);
    }
  }
  const sections = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, rows]) => `<h2>${esc(tag)}</h2><table><thead><tr><th>Method</th><th>Path</th><th>What it does · who may call it</th><th>Auth</th></tr></thead><tbody>${rows.join('')}</tbody></table>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(doc.info.title)}</title><meta name="robots" content="noindex"><style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem;color:#1c2430}h1,h2{color:#0f2a44}table{border-collapse:collapse;width:100%;margin-bottom:2rem}td,th{border-bottom:1px solid #dfe4ea;padding:.5rem;text-align:left;vertical-align:top}code{font-size:.9em}.m{font-weight:700}.get{color:#15803d}.post{color:#1d4ed8}.put,.patch{color:#b45309}.delete{color:#b91c1c}.lock{color:#b45309}.open{color:#15803d}small{color:#5b6675}
</style></head><body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? '')}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Errors answer <code>{"message": "…"}</code> with a 4xx/5xx status. Authenticate with <code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/auth/login-verify-otp</code>.</p>${sections}</body></html>`;
}
