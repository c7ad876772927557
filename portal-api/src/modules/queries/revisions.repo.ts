import { forUpdate } from '../../db/row-lock.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { StoredFile } from '../../lib/storage.ts';
import { recordActivity } from '../activities/activities.repo.ts';
import { insertMessage } from '../chats/chats.repo.ts';
import { addendumError, deliveryDueAt, fileSetLabel, reopenError, revisionLetter } from './lifecycle-transitions.ts';
import { clientTarget, companyTarget, lifecycleMails, queueMail } from './lifecycle.mail.ts';
import { QUERY_CHANGED } from './queries.labels.ts';
import { insertQueryFiles, QUERY_NOT_FOUND } from './queries.repo.ts';

// Revisions and addenda (issue 13). Rev A is the first answer; a reopen
// (answered → in_progress, by the client with a reason, by the admin, or by an
// addendum to an answered request) opens the next letter.

type Trx = Transaction<Database>;
type Viewer = Pick<AuthUser, 'id' | 'role' | 'fullName'>;

async function queryFor(trx: Trx, id: string, user: Pick<AuthUser, 'id' | 'role'>) {
  const read = trx
    .selectFrom('queries as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select(['q.id', 'q.user_id', 'q.status', 'q.message', 'q.project_name', 'q.first_answered_at', 'q.updated_at', 'u.email'])
    .where('q.id', '=', id);
  // Locked until the commit (db/row-lock.ts): two addenda at once take numbers 1 and 2, one after the other.
  const q = await forUpdate(trx, read, 'q').executeTakeFirst();
  if (!q || (user.role !== 'admin' && q.user_id !== user.id)) throw new HttpError(404, QUERY_NOT_FOUND);
  return q;
}

function revisionsOf(trx: Trx, queryId: string) {
  return trx
    .selectFrom('query_revisions')
    .select(['id', 'letter', 'answered_at'])
    .where('query_id', '=', queryId)
    .orderBy('requested_at')
    .orderBy('letter')
    .execute();
}

/** The letter new deliverables belong to: the newest revision, or A before any exists. */
export async function currentRevisionLetter(trx: Trx | Deps['db'], queryId: string): Promise<string> {
  const rows = await trx.selectFrom('query_revisions').select('letter').where('query_id', '=', queryId).execute();
  return rows.length ? revisionLetter(rows.length - 1) : 'A';
}

/**
 * Called in the transaction that moves a query to answered: stamps the first
 * answer (for the turnaround stats) and closes the open revision with its note.
 * Returns the letter answered.
 */
export async function recordAnswer(trx: Trx, queryId: string, changeNote: string | null): Promise<string> {
  const now = nowIso();
  await trx
    .updateTable('queries')
    .set((eb) => ({ first_answered_at: eb.fn.coalesce('first_answered_at', eb.val(now)) }))
    .where('id', '=', queryId)
    .execute();
  const revisions = await revisionsOf(trx, queryId);
  const open = revisions.find((r) => r.answered_at === null);
  if (open) {
    await trx
      .updateTable('query_revisions')
      .set({ answered_at: now, ...(changeNote ? { change_note: changeNote } : {}) })
      .where('id', '=', open.id)
      .execute();
    return open.letter;
  }
  if (revisions.length) return revisions.at(-1)!.letter;
  const q = await trx.selectFrom('queries').select('created_at').where('id', '=', queryId).executeTakeFirstOrThrow();
  await trx
    .insertInto('query_revisions')
    .values({
      id: newId(),
      query_id: queryId,
      letter: 'A',
      reason: null,
      requested_by: null,
      requested_at: q.created_at,
      change_note: changeNote,
      answered_at: now,
    })
    .execute();
  return 'A';
}

/**
 * A revision is delivered within the turnaround the client accepted (standard or rush), counted
 * from its request: the first delivery's due time is past and was met, so it would show the
 * revision overdue and rank it first in the queue. No accepted quote, no due time.
 */
async function restartDeliveryClock(trx: Trx, queryId: string): Promise<void> {
  const accepted = await trx
    .selectFrom('quotes')
    .select(['accepted_option', 'standard_hours', 'rush_hours'])
    .where('query_id', '=', queryId)
    .where('state', '=', 'accepted')
    .executeTakeFirst();
  const hours = accepted?.accepted_option === 'rush' ? accepted.rush_hours : accepted?.standard_hours;
  const now = new Date();
  await trx
    .updateTable('queries')
    .set({ delivery_due_at: hours == null ? null : deliveryDueAt(now, Number(hours)) })
    .where('id', '=', queryId)
    .execute();
}

/** answered → in_progress with a new revision letter; the status moves only if it is still answered. */
async function openRevision(trx: Trx, q: Awaited<ReturnType<typeof queryFor>>, by: Viewer, reason: string): Promise<string> {
  const error = reopenError(q.status);
  if (error) throw new HttpError(409, error);
  const moved = await trx
    .updateTable('queries')
    .set({ status: 'in_progress', updated_at: nowIso() })
    .where('id', '=', q.id)
    .where('status', '=', 'answered')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, QUERY_CHANGED);
  await restartDeliveryClock(trx, q.id);
  let revisions = await revisionsOf(trx, q.id);
  if (!revisions.length) {
    // Answered before revisions existed: its answer becomes Rev A.
    await trx
      .insertInto('query_revisions')
      .values({
        id: newId(),
        query_id: q.id,
        letter: 'A',
        reason: null,
        requested_by: null,
        requested_at: q.updated_at,
        change_note: null,
        answered_at: q.first_answered_at ?? q.updated_at,
      })
      .execute();
    revisions = await revisionsOf(trx, q.id);
  }
  const letter = revisionLetter(revisions.length);
  await trx
    .insertInto('query_revisions')
    .values({
      id: newId(),
      query_id: q.id,
      letter,
      reason,
      requested_by: by.id,
      requested_at: nowIso(),
      change_note: null,
      answered_at: null,
    })
    .execute();
  await recordActivity(trx, {
    userId: q.user_id,
    queryId: q.id,
    activity: `Revision requested: Rev ${letter}`,
    status: 'in_progress',
    by: by.role === 'admin' ? 'firm' : 'client',
  });
  return letter;
}

/** Client (own) or admin: 'Request a revision'. */
export async function reopenQuery(deps: Deps, trx: Trx, queryId: string, by: Viewer, reason: string) {
  const q = await queryFor(trx, queryId, by);
  const letter = await openRevision(trx, q, by, reason);
  const target = by.role === 'admin' ? clientTarget(deps, q) : companyTarget(deps, q);
  await queueMail(trx, lifecycleMails.reopened(target, letter, reason, by.fullName));
  return { letter };
}

/** Client: files with a note as the next addendum; an answered request is reopened by it. */
export async function addAddendum(deps: Deps, trx: Trx, queryId: string, client: Viewer, stored: StoredFile[], note: string | null) {
  const q = await queryFor(trx, queryId, client);
  const error = addendumError(q.status);
  if (error) throw new HttpError(409, error);
  const last = await trx
    .selectFrom('query_addenda')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('query_id', '=', queryId)
    .executeTakeFirst();
  const number = Number(last?.n ?? 0) + 1;
  await trx
    .insertInto('query_addenda')
    .values({ id: newId(), query_id: queryId, number, note, created_by: client.id, created_at: nowIso() })
    .execute();
  await insertQueryFiles(trx, queryId, 'attachment', stored, client.id, { fileSet: number });
  await trx.updateTable('queries').set({ updated_at: nowIso() }).where('id', '=', queryId).execute();
  const label = fileSetLabel(number);
  await recordActivity(trx, { userId: q.user_id, queryId, activity: `${label} added`, status: q.status, by: 'client' });
  let letter: string | null = null;
  if (q.status === 'answered') letter = await openRevision(trx, q, client, note ? `${label}: ${note}` : label);
  await queueMail(
    trx,
    lifecycleMails.addendum(
      companyTarget(deps, q),
      label,
      note,
      stored.map((f) => f.name),
      client.fullName,
      letter,
    ),
  );
  // The estimator's unread signal: the addendum is also a line of the client's in the request's chat.
  const text = `${label} added: ${stored.map((f) => f.name).join(', ')}${note ? ` (${note})` : ''}`.slice(0, 5000);
  const chat = await insertMessage(trx, { queryId, senderId: client.id, message: text, replyTo: null });
  return { number, label, reopenedAs: letter, chat: { id: chat.id, createdAt: chat.createdAt, text, ownerId: q.user_id } };
}
