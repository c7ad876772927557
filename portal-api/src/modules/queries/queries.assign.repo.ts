import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Sets (or clears, with null) the admin a request is assigned to. */
export async function setAssignee(trx: Executor, queryId: string, assigneeId: string | null): Promise<void> {
  await trx.updateTable('queries').set({ assignee_id: assigneeId, updated_at: nowIso() }).where('id', '=', queryId).execute();
}

export async function assigneeOf(db: Executor, queryId: string): Promise<string | null> {
  const row = await db.selectFrom('queries').select('assignee_id').where('id', '=', queryId).executeTakeFirst();
  return row?.assignee_id ?? null;
}
