import type { DB } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { ListBudget } from './list-budget.ts';
import {
  IndexDetailSchema,
  SHEET_INDEX_PAGE_BYTES,
  type FileSheetIndex,
  type IndexDetail,
  type SheetIndexQuery,
} from './sheet-index.schema.ts';

/**
 * One page of the sheet index of a query's files, in upload order (attachments and deliverables).
 * Each file's list (sheets or entries) is cut to a window from `offset`, and the whole answer to
 * SHEET_INDEX_PAGE_BYTES of items: files past that come with an empty window, to be asked for by `fileId`.
 */
export async function listSheetIndex(db: DB, queryId: string, q: SheetIndexQuery) {
  const files = db
    .selectFrom('query_files')
    .where('query_id', '=', queryId)
    .where('kind', '<>', 'chat') // files sent in the chat are not plans (docs/product.md §16)
    .$if(q.fileId !== undefined, (qb) => qb.where('id', '=', q.fileId!));
  const [{ total }, rows] = await Promise.all([
    files.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    files
      .select(['id', 'name', 'kind', 'index_status', 'index_summary', 'index_json'])
      .orderBy('created_at')
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  const budget = new ListBudget(SHEET_INDEX_PAGE_BYTES);
  const data = rows.map((r): FileSheetIndex => {
    const parsed = r.index_json ? IndexDetailSchema.safeParse(JSON.parse(r.index_json)) : null;
    const detail = parsed?.success ? window(parsed.data, q, budget) : null;
    return {
      fileId: r.id,
      name: r.name,
      kind: r.kind as 'attachment' | 'deliverable',
      status: r.index_status,
      summary: r.index_summary,
      detail: detail?.detail ?? null,
      listed: detail?.listed ?? null,
    };
  });
  return { data, page: q.page, pageSize: q.pageSize, total: Number(total) };
}

/** The part of a file's list this answer carries: from `offset`, at most `limit` items, while the answer's budget lasts. */
function window(detail: IndexDetail, q: SheetIndexQuery, budget: ListBudget) {
  if (detail.kind !== 'pdf' && detail.kind !== 'zip') return { detail, listed: null };
  const list: unknown[] = detail.kind === 'pdf' ? detail.sheets : detail.entries;
  const end = q.limit === undefined ? list.length : Math.min(list.length, q.offset + q.limit);
  let count = 0;
  for (let i = q.offset; i < end && budget.take(list[i]); i++) count++;
  const listed = { offset: q.offset, count, total: list.length };
  if (detail.kind === 'pdf') return { detail: { ...detail, sheets: detail.sheets.slice(q.offset, q.offset + count) }, listed };
  return { detail: { ...detail, entries: detail.entries.slice(q.offset, q.offset + count) }, listed };
}

/** A claim this old is free again (a reader is stopped within 4 minutes; an instance that died holds none longer). */
export const INDEX_LEASE_MS = 5 * 60_000;

/** The last file a run of the indexer took: the next claim goes to the next owner after that file's owner. */
export type ClaimCursor = { createdAt: string; id: string } | null;

/**
 * Takes the next file still waiting for its index that nobody holds, round-robin by owner (the
 * client whose request it belongs to): the oldest file of the first owner after the owner of
 * `after` (the last file this run took; null from the start), else of the first owner from the
 * start. `busyOwners` (whose files this instance is reading now) are skipped, so one client's files
 * never hold every reader. A client who sends twenty slow files thus waits for their own, not
 * everyone (docs/decisions/0013-sheet-index-worker.md).
 *
 * The claim is a conditional update, so of several instances on one database exactly one gets each
 * file. Every claim is the same statement whatever the run has read before (a statement that
 * excluded every file already tried grew with the run: 10,000 pending files took the server past
 * 1.8 GB); the owner of `after` is looked up inside it.
 */
export async function claimNextPendingFile(db: DB, after: ClaimCursor, now = new Date(), busyOwners: readonly string[] = []) {
  const stale = nowIso(new Date(now.getTime() - INDEX_LEASE_MS));
  for (;;) {
    const row = await db
      .selectFrom('query_files as f')
      .innerJoin('queries as q', 'q.id', 'f.query_id')
      .select(['f.id', 'f.storage_key', 'f.created_at', 'f.size', 'q.user_id as owner'])
      .where('f.index_status', '=', 'pending')
      .where((eb) => eb.or([eb('f.index_claimed_at', 'is', null), eb('f.index_claimed_at', '<', stale)]))
      .$if(busyOwners.length > 0, (qb) => qb.where('q.user_id', 'not in', busyOwners))
      .orderBy((eb) => {
        const lastOwner = eb
          .selectFrom('query_files as lf')
          .innerJoin('queries as lq', 'lq.id', 'lf.query_id')
          .select('lq.user_id')
          .where('lf.id', '=', after?.id ?? '');
        return eb
          .case()
          .when('q.user_id', '>', eb.fn.coalesce(lastOwner, eb.val('')))
          .then(0)
          .else(1)
          .end();
      })
      .orderBy('q.user_id')
      .orderBy('f.created_at')
      .orderBy('f.id')
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    const taken = await db
      .updateTable('query_files')
      .set({ index_claimed_at: nowIso(now) })
      .where('id', '=', row.id)
      .where('index_status', '=', 'pending')
      .where((eb) => eb.or([eb('index_claimed_at', 'is', null), eb('index_claimed_at', '<', stale)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return row;
    // Another instance took it between the two statements: look again.
  }
}

/** Gives a claimed file back unread (the server is stopping). */
export async function releaseSheetIndexClaim(db: DB, fileId: string): Promise<void> {
  await db
    .updateTable('query_files')
    .set({ index_claimed_at: null })
    .where('id', '=', fileId)
    .where('index_status', '=', 'pending')
    .execute();
}

/** Stores what the reader found: 'failed' with its reason, else 'done'. */
export async function saveSheetIndex(db: DB, fileId: string, outcome: { summary: string | null; detail: IndexDetail }): Promise<void> {
  await db
    .updateTable('query_files')
    .set({
      index_status: outcome.detail.kind === 'failed' ? 'failed' : 'done',
      index_summary: outcome.summary,
      index_json: JSON.stringify(outcome.detail),
      // The search reads the titles (db/search.ts, migration 20261130T0410).
      sheet_titles:
        outcome.detail.kind === 'pdf' ? outcome.detail.sheets.flatMap((s) => (s.title ? [s.title] : [])).join(' \n ') || null : null,
    })
    .where('id', '=', fileId)
    .execute();
}

/** For the metrics: files waiting for their sheet index. */
export async function countPendingSheetIndex(db: DB): Promise<number> {
  const row = await db
    .selectFrom('query_files')
    .select((eb) => eb.fn.countAll<string | number>().as('pending'))
    .where('index_status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.pending ?? 0);
}
