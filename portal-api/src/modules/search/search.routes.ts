import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { searchWords } from '../../db/search.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter, jsonResponse } from '../../http/router.ts';
import { companyScope } from '../queries/queries.public.ts';
import { searchHits, searchResultRows } from './search.repo.ts';
import { SearchPageSchema, SearchQuerySchema, type SearchResult } from './search.schema.ts';
import { snippetOf, type Snippet } from './search.snippet.ts';

/** Rows read from each source at most: the newest matches; older ones need a narrower search. */
const SOURCE_CAP = 500;
/** Snippets shown per result. */
const MAX_SNIPPETS = 3;

export function searchRoutes({ db }: Deps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/search',
      tags: ['Search'],
      security: [{ bearer: [] }],
      summary:
        "One search over requests: client name or e-mail, project name, location, message, chat text, file name and indexed sheet title. An admin searches every request; a client their company's. Paged, newest request first, each with its matching text and the ranges to highlight.",
      middleware: [requireAuth(db)] as const,
      request: { query: SearchQuerySchema },
      responses: { 200: jsonResponse(SearchPageSchema, 'Results'), 400: { description: 'Empty or over 200 characters, or bad paging' } },
    }),
    async (c) => {
      const user = c.var.user;
      const { q, page, pageSize } = c.req.valid('query');
      const hits = await searchHits(db, q, companyScope(user), SOURCE_CAP);
      // One entry per request, newest request first; its hits kept in source order.
      const byQuery = new Map<string, { createdAt: string; hits: typeof hits }>();
      for (const hit of hits) {
        const entry = byQuery.get(hit.queryId) ?? { createdAt: hit.createdAt, hits: [] };
        entry.hits.push(hit);
        byQuery.set(hit.queryId, entry);
      }
      const ordered = [...byQuery.entries()].sort(([ia, a], [ib, b]) => b.createdAt.localeCompare(a.createdAt) || ib.localeCompare(ia));
      const slice = ordered.slice((page - 1) * pageSize, page * pageSize);
      const rows = new Map(
        (
          await searchResultRows(
            db,
            slice.map(([id]) => id),
          )
        ).map((r) => [r.id, r]),
      );
      const words = searchWords(q);
      const data: SearchResult[] = slice.flatMap(([id, entry]) => {
        const row = rows.get(id);
        if (!row) return [];
        const matches = entry.hits
          .map((h) => snippetOf(h.field, h.text, words, q))
          .filter((s): s is Snippet => s !== null)
          .slice(0, MAX_SNIPPETS);
        return [
          {
            _id: id,
            projectName: row.project_name,
            message: row.message.slice(0, 300),
            status: row.status,
            createdAt: row.created_at,
            client: { _id: row.user_id, fullName: row.full_name, email: row.email },
            link: user.role === 'admin' ? `/admin-chat/${id}` : `/chat/${id}`,
            matches,
          },
        ];
      });
      return c.json({ data, page, pageSize, total: ordered.length }, 200);
    },
  );
}
