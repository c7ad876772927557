import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

// The one statement of the chat fan-out (fanout.ts): a NOTIFY on its channel,
// read by the LISTEN connection of every other instance.

/** Sends `payloads` on `channel`, in order; several go in one transaction, so they are delivered together. */
export async function notifyChannel(db: DB, channel: string, payloads: string[]): Promise<void> {
  if (payloads.length === 1) {
    await sql`select pg_notify(${channel}, ${payloads[0]})`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const payload of payloads) await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
  });
}
