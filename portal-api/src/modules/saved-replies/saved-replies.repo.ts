import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Storage, StoredFile } from '../../lib/storage.ts';
import type { SavedReply } from './saved-replies.schema.ts';

// The saved_replies and saved_reply_files tables: the firm's shared answers.

type Executor = Kysely<Database> | Transaction<Database>;
type ReplyRow = { id: string; title: string; body: string; created_at: string; updated_at: string };
export type ReplyFileRow = { id: string; reply_id: string; name: string; storage_key: string; size: number; type: string };

const titleKey = (title: string) => title.trim().toLowerCase();

function toSavedReply(row: ReplyRow, files: ReplyFileRow[], storage: Storage): SavedReply {
  return {
    _id: row.id,
    title: row.title,
    body: row.body,
    files: files.map((f) => ({
      _id: f.id,
      name: f.name,
      url: storage.signedUrl(f.storage_key, f.name),
      size: Number(f.size),
      type: f.type,
    })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function replyFiles(db: Executor, replyIds: string[]): Promise<ReplyFileRow[]> {
  if (!replyIds.length) return Promise.resolve([]);
  return db
    .selectFrom('saved_reply_files')
    .select(['id', 'reply_id', 'name', 'storage_key', 'size', 'type'])
    .where('reply_id', 'in', replyIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every saved reply, by title. */
export async function listSavedReplies(db: Executor, storage: Storage): Promise<SavedReply[]> {
  const rows = await db
    .selectFrom('saved_replies')
    .select(['id', 'title', 'body', 'created_at', 'updated_at'])
    .orderBy('title_key')
    .execute();
  const files = await replyFiles(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toSavedReply(
      r,
      files.filter((f) => f.reply_id === r.id),
      storage,
    ),
  );
}

export async function findSavedReply(db: Executor, storage: Storage, id: string): Promise<SavedReply | undefined> {
  const row = await db
    .selectFrom('saved_replies')
    .select(['id', 'title', 'body', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toSavedReply(row, await replyFiles(db, [id]), storage);
}

/** Whether another reply than `exceptId` has this title (any case). */
export async function titleTaken(db: Executor, title: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('saved_replies')
    .select('id')
    .where('title_key', '=', titleKey(title))
    .$if(!!exceptId, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return !!row;
}

export async function insertSavedReply(
  trx: Executor,
  input: { title: string; body: string; createdBy: string; files: StoredFile[] },
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await trx
    .insertInto('saved_replies')
    .values({
      id,
      title: input.title,
      title_key: titleKey(input.title),
      body: input.body,
      created_by: input.createdBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (input.files.length) {
    const base = Date.now();
    await trx
      .insertInto('saved_reply_files')
      .values(
        input.files.map((f, i) => ({
          id: newId(),
          reply_id: id,
          name: f.name,
          storage_key: f.key,
          size: f.size,
          type: f.type,
          created_at: nowIso(new Date(base + i)),
        })),
      )
      .execute();
  }
  return id;
}

export async function updateSavedReply(trx: Executor, id: string, patch: { title?: string; body?: string }): Promise<boolean> {
  const result = await trx
    .updateTable('saved_replies')
    .set({
      ...(patch.title !== undefined ? { title: patch.title, title_key: titleKey(patch.title) } : {}),
      ...(patch.body !== undefined ? { body: patch.body } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a reply and answers the storage keys of its files (to remove once committed). */
export async function deleteSavedReply(trx: Executor, id: string): Promise<string[] | null> {
  const files = await trx.selectFrom('saved_reply_files').select('storage_key').where('reply_id', '=', id).execute();
  await trx.deleteFrom('saved_reply_files').where('reply_id', '=', id).execute();
  const result = await trx.deleteFrom('saved_replies').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? files.map((f) => f.storage_key) : null;
}

/** Which of these storage keys a saved reply's file names (the start-up sweep keeps those). */
export async function savedReplyStorageKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.selectFrom('saved_reply_files').select('storage_key').where('storage_key', 'in', keys).execute();
  return new Set(rows.map((r) => r.storage_key));
}

export async function savedReplyExists(db: Executor, id: string): Promise<boolean> {
  return !!(await db.selectFrom('saved_replies').select('id').where('id', '=', id).executeTakeFirst());
}
