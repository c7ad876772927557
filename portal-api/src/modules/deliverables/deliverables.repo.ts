import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { deliveryDueAt, revisionLetter } from '../queries/queries.rules.ts';
import { setQueryStatus } from '../queries/queries.repo.ts';
import { acceptedQuoteOf } from '../quotes/quotes.repo.ts';
import type { Revision } from './deliverables.schema.ts';

// Revisions: Rev A is the first answer; a reopening (answered → in_progress, by the client with a
// reason, by the admin, or by an addendum to an answered request) opens the next letter, and the
// deliverables added meanwhile belong to it.

type Executor = Kysely<Database> | Transaction<Database>;
export type RevisionRow = {
  query_id: string;
  letter: string;
  reason: string | null;
  change_note: string | null;
  requested_at: string;
  answered_at: string | null;
};

/** The revisions of these requests, oldest first. */
export function revisionsOf(db: Executor, queryIds: string[]): Promise<RevisionRow[]> {
  return db
    .selectFrom('query_revisions')
    .select(['query_id', 'letter', 'reason', 'change_note', 'requested_at', 'answered_at'])
    .where('query_id', 'in', queryIds)
    .orderBy('requested_at')
    .orderBy('letter')
    .execute();
}

type DeliverableFile = { revision: string | null; created_at: string };

/** A request's deliverables grouped into its revisions. Those from before revisions existed (revision null) belong to Rev A. */
export function toRevisions<F extends DeliverableFile, L>(deliverables: F[], revisions: RevisionRow[], link: (f: F) => L) {
  const letters = [...new Set([...revisions.map((r) => r.letter), ...deliverables.map((f) => f.revision ?? 'A')])];
  letters.sort((a, b) => a.length - b.length || a.localeCompare(b));
  return letters.map((letter): Omit<Revision, 'files'> & { files: L[] } => {
    const rev = revisions.find((r) => r.letter === letter);
    const files = deliverables.filter((f) => (f.revision ?? 'A') === letter);
    return {
      letter,
      label: `Rev ${letter}`,
      reason: rev?.reason ?? null,
      changeNote: rev?.change_note ?? null,
      requestedAt: rev?.requested_at ?? null,
      answeredAt: rev?.answered_at ?? files.at(-1)?.created_at ?? null,
      files: files.map(link),
    };
  });
}

function revisionsOfOne(trx: Executor, queryId: string) {
  return trx
    .selectFrom('query_revisions')
    .select(['id', 'letter', 'answered_at'])
    .where('query_id', '=', queryId)
    .orderBy('requested_at')
    .orderBy('letter')
    .execute();
}

/** The letter new deliverables belong to: the newest revision, or A before any exists. */
export async function currentRevisionLetter(db: Executor, queryId: string): Promise<string> {
  const rows = await db.selectFrom('query_revisions').select('letter').where('query_id', '=', queryId).execute();
  return rows.length ? revisionLetter(rows.length - 1) : 'A';
}

/**
 * Called in the transaction that moves a request to answered: stamps the first answer (for the
 * turnaround figures) and closes the open revision with its note. Returns the letter answered.
 */
export async function recordAnswer(trx: Executor, queryId: string, changeNote: string | null): Promise<string> {
  const now = nowIso();
  await trx
    .updateTable('queries')
    .set((eb) => ({ first_answered_at: eb.fn.coalesce('first_answered_at', eb.val(now)) }))
    .where('id', '=', queryId)
    .execute();
  const revisions = await revisionsOfOne(trx, queryId);
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
 * Opens the next revision of an answered request and returns its letter. A request answered
 * before revisions existed gets its answer recorded as Rev A first.
 */
export async function openRevision(
  trx: Executor,
  q: { id: string; updated_at: string; first_answered_at: string | null },
  by: string,
  reason: string,
): Promise<string> {
  let revisions = await revisionsOfOne(trx, q.id);
  if (!revisions.length) {
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
    revisions = await revisionsOfOne(trx, q.id);
  }
  const letter = revisionLetter(revisions.length);
  await trx
    .insertInto('query_revisions')
    .values({
      id: newId(),
      query_id: q.id,
      letter,
      reason,
      requested_by: by,
      requested_at: nowIso(),
      change_note: null,
      answered_at: null,
    })
    .execute();
  return letter;
}

/**
 * A revision is delivered within the turnaround the client accepted (standard or rush), counted
 * from its request: the first delivery's due time is past and was met, so it would show the
 * revision overdue and rank it first in the queue. No accepted quote, no due time.
 */
export async function restartDeliveryClock(trx: Executor, queryId: string): Promise<void> {
  const accepted = await acceptedQuoteOf(trx, queryId);
  const hours = accepted?.accepted_option === 'rush' ? accepted.rush_hours : accepted?.standard_hours;
  await trx
    .updateTable('queries')
    .set({ delivery_due_at: hours == null ? null : deliveryDueAt(new Date(), Number(hours)) })
    .where('id', '=', queryId)
    .execute();
}

/**
 * answered → in_progress for a revision: the status moves only if it is still answered, the
 * delivery clock restarts, and the next revision opens. Answers its letter, or null when the
 * request was no longer answered.
 */
export async function reopenForRevision(
  trx: Executor,
  q: { id: string; updated_at: string; first_answered_at: string | null },
  by: string,
  reason: string,
): Promise<string | null> {
  if (!(await setQueryStatus(trx, q.id, 'answered', 'in_progress'))) return null;
  await restartDeliveryClock(trx, q.id);
  return openRevision(trx, q, by, reason);
}
