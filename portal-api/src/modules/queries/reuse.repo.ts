import type { DB } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { StoredFile } from '../../lib/storage.ts';
import { TOO_MANY_REUSED } from './queries.schema.ts';

/**
 * Issue 13 "Reuse these plans": the caller's own earlier attachments, as stored
 * files to attach again without an upload. Anything not theirs (or unknown) is
 * refused as one 404, so ids of other clients' files reveal nothing.
 */
export async function findReusableFiles(db: DB, userId: string, ids: string[]): Promise<StoredFile[]> {
  if (!ids.length) return [];
  if (ids.length > 100) throw new HttpError(400, TOO_MANY_REUSED);
  const rows = await db
    .selectFrom('query_files as f')
    .innerJoin('queries as q', 'q.id', 'f.query_id')
    .select(['f.id', 'f.name', 'f.storage_key', 'f.size', 'f.type'])
    .where('f.id', 'in', ids)
    .where('f.kind', '=', 'attachment')
    .where('q.user_id', '=', userId)
    .execute();
  if (rows.length !== ids.length) throw new HttpError(404, 'File not found.');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    return { key: r.storage_key, name: r.name, size: Number(r.size), type: r.type, ext: r.storage_key.split('.').pop() ?? '' };
  });
}
