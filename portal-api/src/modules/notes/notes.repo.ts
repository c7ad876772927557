import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { laterIso, newId } from '../../lib/ids.ts';

// The query_notes table: internal notes on a request. Nothing a client reads joins it.

type Executor = Kysely<Database> | Transaction<Database>;

export type NoteRow = {
  id: string;
  query_id: string;
  body: string;
  created_at: string;
  author_id: string | null;
  author_name: string | null;
};

export async function insertNote(
  trx: Executor,
  input: { queryId: string; authorId: string; body: string },
): Promise<{ id: string; createdAt: string }> {
  const id = newId();
  const createdAt = laterIso();
  await trx
    .insertInto('query_notes')
    .values({ id, query_id: input.queryId, author_id: input.authorId, body: input.body, created_at: createdAt })
    .execute();
  return { id, createdAt };
}

/** A request's notes, oldest first (the newest 500). */
export async function listNotes(db: Executor, queryId: string): Promise<NoteRow[]> {
  const rows = await db
    .selectFrom('query_notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.id', 'n.query_id', 'n.body', 'n.created_at', 'n.author_id', 'u.full_name as author_name'])
    .where('n.query_id', '=', queryId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(500)
    .execute();
  return rows.reverse();
}
