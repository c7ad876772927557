import type { DB } from '../../db/database.ts';
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

/** The oldest file still waiting for its index, other than those in `skip` (tried in this run). */
export async function nextPendingFile(db: DB, skip: Set<string>) {
  return db
    .selectFrom('query_files')
    .select(['id', 'storage_key'])
    .where('index_status', '=', 'pending')
    .$if(skip.size > 0, (qb) => qb.where('id', 'not in', [...skip]))
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
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
