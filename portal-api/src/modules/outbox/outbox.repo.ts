import { EventEmitter } from 'node:events';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, OutboxTable } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { signedText } from '../../lib/mail.ts';

// The outbox table (docs/decisions/0002-mail-outbox.md). A mail is a row written with the
// caller's transaction, so a change that rolls back leaves no mail, and a mail
// is never lost to an SMTP outage: the worker (outbox.worker.ts) sends it later.

export type OutboxRow = Selectable<OutboxTable>;

/**
 * What a mail is. Logged with the recipient (never the subject or body, which
 * can carry a code or a signed link). Other modules may add their own kinds.
 */
export type MailKind =
  | 'login-code'
  | 'reset-code'
  | 'approval'
  | 'register-existing'
  | 'signup'
  | 'contact'
  | 'new-request'
  | 'status-change'
  | 'chat-to-client'
  | 'chat-to-company'
  | 'deliverables-added'
  | (string & {});

export type OutgoingMail = { kind: MailKind; to: string; subject: string; text: string; html?: string | null; replyTo?: string };

/** Tells the worker of this process that a row may be waiting (it also polls, for other instances' rows). */
export const outboxSignal = new EventEmitter();

/** Writes one mail into the outbox, inside `trx` when given a transaction; its text part gets the firm's signature. */
export async function enqueueMail(trx: Kysely<Database>, mail: OutgoingMail): Promise<string> {
  const id = newId();
  const now = nowIso();
  await trx
    .insertInto('outbox')
    .values({
      id,
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      text_body: signedText(mail.text),
      html_body: mail.html ?? null,
      reply_to: mail.replyTo ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
  outboxSignal.emit('enqueued');
  return id;
}

/**
 * Claims up to `limit` due rows for `leaseMs`. On PostgreSQL one statement with
 * FOR UPDATE SKIP LOCKED, so instances sharing the database never claim the same
 * row. On SQLite (one writer) each row is taken by a conditional UPDATE that only
 * one caller can win. Either way a row whose lease ran out (a crash mid-send) is
 * due again. The claim counts as an attempt.
 */
export async function claimDue(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  limit: number,
  leaseMs: number,
  now = new Date(),
): Promise<OutboxRow[]> {
  const at = nowIso(now);
  const lease = nowIso(new Date(now.getTime() + leaseMs));
  if (kind === 'postgres') {
    const { rows } = await sql<OutboxRow>`
      update outbox set lease_until = ${lease}, attempts = attempts + 1
      where id in (
        select id from outbox
        where status = 'pending' and next_attempt_at <= ${at} and (lease_until is null or lease_until <= ${at})
        order by next_attempt_at, id limit ${limit}
        for update skip locked)
      returning *`.execute(db);
    return rows;
  }
  const candidates = await db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const claimed: OutboxRow[] = [];
  for (const { id } of candidates) {
    const row = await db
      .updateTable('outbox')
      .set((eb) => ({ lease_until: lease, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/** Sent: the bodies are blanked, since they can hold a code or a signed link that has done its job. */
export async function markSent(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: nowIso(), lease_until: null, last_error: null, subject: '', text_body: '', html_body: null })
    .where('id', '=', id)
    .execute();
}

/** Not sent: try again at `retryAt`, or give up (status failed) when `retryAt` is null. */
export async function markUnsent(db: Kysely<Database>, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('outbox')
    .set(
      retryAt
        ? { lease_until: null, last_error: error, next_attempt_at: nowIso(retryAt) }
        : { status: 'failed', lease_until: null, last_error: error, subject: '', text_body: '', html_body: null },
    )
    .where('id', '=', id)
    .execute();
}

/**
 * Gives back rows this instance claimed and has not finished (a stopping server): each is
 * due again at once, for whichever instance starts or polls next, instead of after its
 * lease. Only while still pending and under the lease given here (`lease_until` as claimed).
 */
export async function releaseClaims(db: Kysely<Database>, claims: ReadonlyArray<{ id: string; leaseUntil: string }>): Promise<void> {
  for (const { id, leaseUntil } of claims) {
    await db
      .updateTable('outbox')
      .set({ lease_until: null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('lease_until', '=', leaseUntil)
      .execute();
  }
}

/** For /api/ready: how many mails wait and how old the oldest is, in whole seconds (0 when none). */
export async function outboxBacklog(db: Kysely<Database>, now = Date.now()): Promise<{ pending: number; oldestUnsentSeconds: number }> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<string | number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const oldest = row?.oldest ? Date.parse(row.oldest) : null;
  return { pending: Number(row?.pending ?? 0), oldestUnsentSeconds: oldest === null ? 0 : Math.max(0, Math.floor((now - oldest) / 1000)) };
}

/** Sent rows (already blanked) are kept 30 days, failed ones 90, for an operator's questions; then deleted. */
export const OUTBOX_KEEP = { sentMs: 30 * 86_400_000, failedMs: 90 * 86_400_000 } as const;

export async function pruneOutbox(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const res = await db
    .deleteFrom('outbox')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('created_at', '<', nowIso(new Date(now - OUTBOX_KEEP.sentMs)))]),
        eb.and([eb('status', '=', 'failed'), eb('created_at', '<', nowIso(new Date(now - OUTBOX_KEEP.failedMs)))]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
