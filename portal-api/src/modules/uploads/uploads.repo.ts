import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { nameForType, type Storage, type StoredFile } from '../../lib/storage.ts';
import { UPLOAD_EXPIRY_HOURS, UPLOADS_GONE, UPLOADS_NOT_READY } from './uploads.schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The folder of tus uploads: bytes in <id>, tus state in <id>.json. */
export function tusDirectory(storage: Storage): string {
  return path.join(storage.root, 'tus');
}

export async function insertUpload(
  db: Executor,
  row: { id: string; userId: string; name: string; size: number },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      id: row.id,
      user_id: row.userId,
      name: row.name,
      size: row.size,
      status: 'uploading',
      type: null,
      ext: null,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + UPLOAD_EXPIRY_HOURS * 3600_000)),
    })
    .execute();
}

export async function findUpload(db: Executor, id: string) {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countOpenUploads(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * An upload that is still receiving bytes stays alive for another full period.
 * Written at most once a minute per upload: a PATCH of every 8 MB chunk would
 * otherwise be a database write each.
 */
export async function extendUpload(db: Executor, id: string, now = new Date()): Promise<void> {
  const horizon = now.getTime() + UPLOAD_EXPIRY_HOURS * 3600_000;
  await db
    .updateTable('uploads')
    .set({ expires_at: nowIso(new Date(horizon)) })
    .where('id', '=', id)
    .where('expires_at', '<', nowIso(new Date(horizon - 60_000)))
    .execute();
}

export async function markUploadComplete(db: Executor, id: string, sniffed: { type: string; ext: string }): Promise<void> {
  await db.updateTable('uploads').set({ status: 'complete', type: sniffed.type, ext: sniffed.ext }).where('id', '=', id).execute();
}

export async function deleteUploadRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/**
 * Turns a user's completed uploads into stored private files under `folder`
 * (for insertQueryFiles). Every id must be the user's own and complete, or
 * nothing is claimed: 400 naming the problem. The rows are deleted in `trx`, so
 * two requests cannot claim one upload. The bytes are hard-linked, not moved:
 * if the transaction fails, the caller removes the returned files and the
 * uploads (rows back by the rollback, bytes never gone) can be claimed again.
 * After the commit, releaseClaimedUploads() drops the tus copies.
 */
export async function claimCompletedUploads(
  trx: Executor,
  storage: Storage,
  userId: string,
  uploadIds: string[],
  folder = 'queries',
): Promise<StoredFile[]> {
  const ids = [...new Set(uploadIds)];
  if (!ids.length) return [];
  const rows = await trx
    .deleteFrom('uploads')
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('status', '=', 'complete')
    .returningAll()
    .execute();
  if (rows.length !== ids.length) throw await whyUnclaimed(trx, userId, ids, rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const stored: StoredFile[] = [];
  const dir = tusDirectory(storage);
  try {
    for (const id of ids) {
      const row = byId.get(id)!;
      const ext = row.ext ?? 'bin';
      const key = `private/${folder}/${newId()}.${ext}`;
      const target = storage.resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Same DATA_DIR, so normally one file system; a copy where it is not.
      await fsp.link(path.join(dir, id), target).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EXDEV' && err.code !== 'EPERM') throw err;
        await fsp.copyFile(path.join(dir, id), target);
      });
      stored.push({ key, name: nameForType(row.name, ext), size: Number(row.size), type: row.type ?? 'application/octet-stream', ext });
    }
  } catch (err) {
    await Promise.all(stored.map((s) => storage.remove(s.key)));
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, UPLOADS_GONE, { code: 'uploads_gone' });
  }
  return stored;
}

/** Still arriving (wait for it) or gone (add the file again): told apart only once a claim has failed. */
async function whyUnclaimed(trx: Executor, userId: string, ids: string[], claimed: Array<{ id: string }>): Promise<HttpError> {
  const got = new Set(claimed.map((r) => r.id));
  const missing = ids.filter((id) => !got.has(id));
  const open = await trx.selectFrom('uploads').select('id').where('id', 'in', missing).where('user_id', '=', userId).executeTakeFirst();
  return open
    ? new HttpError(400, UPLOADS_NOT_READY, { code: 'uploads_not_ready' })
    : new HttpError(400, UPLOADS_GONE, { code: 'uploads_gone' });
}

/** After the claiming transaction commits: the tus copies of the claimed uploads go (never throws). */
export async function releaseClaimedUploads(storage: Storage, uploadIds: string[]): Promise<void> {
  const dir = tusDirectory(storage);
  await Promise.all(
    [...new Set(uploadIds)].flatMap((id) =>
      [fsp.rm(path.join(dir, id), { force: true }), fsp.rm(path.join(dir, `${id}.json`), { force: true })].map((p) =>
        p.catch(() => undefined),
      ),
    ),
  );
}

/** Deletes uploads past their expiry (unfinished or never claimed), rows and bytes. Returns how many went. */
export async function expireUploads(db: Executor, storage: Storage, now = new Date()): Promise<number> {
  const rows = await db.selectFrom('uploads').select('id').where('expires_at', '<', nowIso(now)).limit(1000).execute();
  const dir = tusDirectory(storage);
  for (const { id } of rows) {
    await deleteUploadRow(db, id);
    await fsp.rm(path.join(dir, id), { force: true });
    await fsp.rm(path.join(dir, `${id}.json`), { force: true });
  }
  return rows.length;
}
