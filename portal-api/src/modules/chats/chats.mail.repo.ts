import type { DB } from '../../db/database.ts';

// The reads and writes of the chat mail notices (chats.mail.ts): the last mail
// time per query and audience (chat_mail_marks) and the messages a mail quotes.

export type ChatAudience = 'company' | 'client';

/** When (query, audience) was last mailed, or undefined when never. */
export async function findMailMark(trx: DB, queryId: string, audience: ChatAudience): Promise<string | undefined> {
  const mark = await trx
    .selectFrom('chat_mail_marks')
    .select('mailed_at')
    .where('query_id', '=', queryId)
    .where('audience', '=', audience)
    .executeTakeFirst();
  return mark?.mailed_at;
}

/** Moves the mark from `previous` to `mailedAt`; false when a concurrent message (or instance) moved it first. */
export async function moveMailMark(
  trx: DB,
  queryId: string,
  audience: ChatAudience,
  previous: string | null,
  mailedAt: string,
): Promise<boolean> {
  if (previous) {
    const res = await trx
      .updateTable('chat_mail_marks')
      .set({ mailed_at: mailedAt })
      .where('query_id', '=', queryId)
      .where('audience', '=', audience)
      .where('mailed_at', '=', previous)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
  const res = await trx
    .insertInto('chat_mail_marks')
    .values({ query_id: queryId, audience, mailed_at: mailedAt })
    .onConflict((oc) => oc.columns(['query_id', 'audience']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows) === 1;
}

/**
 * The newest `limit` messages of one side (the client's, or the firm's) written
 * after `after`, and the time the other side last wrote; newest first.
 */
export async function latestMessagesOfSide(
  trx: DB,
  query: { id: string; user_id: string },
  fromClient: boolean,
  since: string | null,
  limit: number,
) {
  // A side is a role: the client's side is every member of the request's company, the firm's every admin.
  const lastReply = await trx
    .selectFrom('chat_messages as c')
    .innerJoin('users as u', 'u.id', 'c.sender_id')
    .select((eb) => eb.fn.max('c.created_at').as('at'))
    .where('c.query_id', '=', query.id)
    .where('u.role', fromClient ? '=' : '!=', 'admin')
    .executeTakeFirst();
  // What the side wrote before the other side's latest message, the other side has seen.
  const after =
    [since, lastReply?.at ?? null]
      .filter((t): t is string => !!t)
      .sort()
      .at(-1) ?? null;
  let q = trx
    .selectFrom('chat_messages as c')
    .innerJoin('users as u', 'u.id', 'c.sender_id')
    .select(['c.message', 'c.created_at'])
    .where('c.query_id', '=', query.id)
    .where('u.role', fromClient ? '!=' : '=', 'admin');
  if (after) q = q.where('c.created_at', '>', after);
  return q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
}

/**
 * Marks older than `cutoff` whose request's latest message is newer than the
 * mark and comes from the side this audience hears about: something is held
 * and still unanswered.
 */
export function listHeldMailMarks(db: DB, cutoff: string, limit: number) {
  return db
    .selectFrom('chat_mail_marks as m')
    .innerJoin('queries as q', 'q.id', 'm.query_id')
    .select(['m.query_id', 'm.audience', 'q.user_id'])
    .where('m.mailed_at', '<=', cutoff)
    .where(({ exists, selectFrom, ref, eb }) =>
      exists(
        selectFrom('chat_messages as c')
          .innerJoin('users as su', 'su.id', 'c.sender_id')
          .select('c.id')
          .whereRef('c.query_id', '=', 'm.query_id')
          .whereRef('c.created_at', '>', 'm.mailed_at')
          .where((w) =>
            w.or([
              w.and([eb(ref('m.audience'), '=', 'company'), w('su.role', '!=', 'admin')]),
              w.and([eb(ref('m.audience'), '=', 'client'), w('su.role', '=', 'admin')]),
            ]),
          )
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom('chat_messages as later')
                  .select('later.id')
                  .whereRef('later.query_id', '=', 'c.query_id')
                  .whereRef('later.created_at', '>', 'c.created_at'),
              ),
            ),
          ),
      ),
    )
    .limit(limit)
    .execute();
}
