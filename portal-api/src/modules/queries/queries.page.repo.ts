import type { DB } from '../../db/database.ts';
import { decodeCursor, nextCursorOf } from '../../http/cursor.ts';
import type { Storage } from '../../lib/storage.ts';
import { baseSelect, toQuery } from './queries.repo.ts';
import type { QuerySummary } from './queries.page.schema.ts';

/**
 * One keyset page of a company's queries, newest first, through the index
 * (company_id, created_at, id). Rows are slim: files without signed links.
 */
export async function loadOwnQueriesPage(db: DB, storage: Storage, companyId: string, opts: { limit: number; cursor?: string }) {
  let qb = baseSelect(db).where('q.company_id', '=', companyId);
  if (opts.cursor) {
    const [at, id] = decodeCursor(opts.cursor, 2);
    qb = qb.where((eb) => eb(eb.refTuple('q.created_at', 'q.id'), '<', eb.tuple(at!, id!)));
  }
  const rows = await qb
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const { page, nextCursor } = nextCursorOf(rows, opts.limit, (r) => [r.created_at, r.id]);
  const files = page.length
    ? await db
        .selectFrom('query_files')
        .select(['id', 'query_id', 'kind', 'name', 'size', 'type'])
        .where(
          'query_id',
          'in',
          page.map((r) => r.id),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  const data: QuerySummary[] = page.map((row) => {
    const own = files.filter((f) => f.query_id === row.id);
    const slim = (kind: string) => own.filter((f) => f.kind === kind).map((f) => ({ _id: f.id, name: f.name, size: f.size, type: f.type }));
    // The portal's one Query shape, built without files (so no links are signed), then the slim files.
    return { ...toQuery(row, [], storage), files: slim('attachment'), deliverables: slim('deliverable') };
  });
  return { data, nextCursor };
}
