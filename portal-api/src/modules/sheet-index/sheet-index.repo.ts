import type { DB } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { IndexDetailSchema, type FileSheetIndex, type IndexDetail } from './sheet-index.schema.ts';

/** The sheet index of every file of a query, in upload order (attachments and deliverables). */
export async function listSheetIndex(db: DB, queryId: string): Promise<FileSheetIndex[]> {
  const rows = await db
    .selectFrom('query_files')
    .select(['id', 'name', 'kind', 'index_status', 'index_summary', 'index_json'])
    .where('query_id', '=', queryId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const detail = r.index_json ? IndexDetailSchema.safeParse(JSON.parse(r.index_json)) : null;
    return {
      fileId: r.id,
      name: r.name,
      kind: r.kind,
      status: r.index_status,
      summary: r.index_summary,
      detail: detail?.success ? detail.data : null,
    };
  });
}

/** A claim this old is free again (a reader gives up after 2 minutes; an instance that died holds none longer). */
export const INDEX_LEASE_MS = 5 * 60_000;

/** Where a run of the indexer has got to: the (created_at, id) of the last file it took. */
export type ClaimCursor = { createdAt: string; id: string } | null;

/**
 * Takes the oldest file still waiting for its index that nobody holds, after
 * `after` (the last file this run took; null from the start). The claim is a
 * conditional update, so of several instances on one database exactly one gets
 * each file. A run moves forward by its cursor, so each claim costs the same
 * whatever the run has read before (it used to exclude every file already tried
 * by id, a statement that grew with the run: 10,000 pending files made statements
 * of 10,000 parameters and took the server past 1.8 GB). A file whose lease
 * expires behind the cursor is read by the next run (the poll, or the next kick).
 */
export async function claimNextPendingFile(db: DB, after: ClaimCursor, now = new Date()) {
  const stale = nowIso(new Date(now.getTime() - INDEX_LEASE_MS));
  for (;;) {
    const row = await db
      .selectFrom('query_files')
      .select(['id', 'storage_key', 'created_at'])
      .where('index_status', '=', 'pending')
      .where((eb) => eb.or([eb('index_claimed_at', 'is', null), eb('index_claimed_at', '<', stale)]))
      .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after!.createdAt, after!.id))))
      .orderBy('created_at')
      .orderBy('id')
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
