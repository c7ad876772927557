import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mail.ts';
import { ADMIN_ACCOUNTS } from '../../config.ts';
import { adminEmails } from '../users/users.repo.ts';
import { claimDue, markSent, markUnsent, outboxSignal, pruneOutbox, releaseClaims, type OutboxRow } from './outbox.repo.ts';

/** The schedule (docs/decisions/0002-mail-outbox.md); tests read it. */
export const OUTBOX = {
  /** Rows claimed per pass; they are sent in parallel. */
  batch: 10,
  /** Longer than any send can take (SMTP timeouts of 10 s per step, and the hard cap below). */
  leaseMs: 3 * 60_000,
  /** A send still running after this long is abandoned as failed (a server that drips bytes forever). */
  sendCapMs: 60_000,
  /** Rows of other instances, and retries, are found by polling this often. */
  pollMs: 1_000,
  /** Retry after 2 s, 4 s, 8 s ... at most 15 min apart, for 24 h after the mail was written. */
  retryBaseMs: 2_000,
  retryMaxMs: 15 * 60_000,
  giveUpAfterMs: 24 * 3600_000,
  /** Old sent and failed rows are deleted this often (see OUTBOX_KEEP). */
  pruneEveryMs: 3600_000,
} as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX.retryBaseMs * 2 ** Math.max(0, attempts - 1), OUTBOX.retryMaxMs);
}

/**
 * Sends outbox rows in the background of this process: woken at once when this
 * process writes a row (and again shortly after, for the caller's commit), and
 * polling for the rest. Logs the kind and the recipient of a mail, never its
 * subject or body.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private prunedAt = 0;
  private stopped = true;
  /** Rows claimed by this worker and not yet marked sent or unsent: id → the lease it holds. */
  private readonly sending = new Map<string, string>();
  private readonly onEnqueued = () => {
    // The row becomes visible when the caller's transaction commits, a moment later.
    this.kick();
    setTimeout(() => this.kick(), 30).unref();
    setTimeout(() => this.kick(), 200).unref();
  };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: 'sqlite' | 'postgres',
    private readonly mailer: Mailer,
    private readonly log: Logger,
  ) {}

  describe(): string {
    return this.mailer.describe();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    outboxSignal.on('enqueued', this.onEnqueued);
    this.timer = setInterval(() => this.kick(), OUTBOX.pollMs);
    this.timer.unref();
    this.kick();
  }

  /**
   * Stops claiming; a send in progress gets `graceMs` to finish. One still running then
   * (a mail server that never answers) gives its row back, so a restart sends it at once
   * instead of after the 3-minute lease: a sign-in or reset code must not wait that long.
   * Should that send still get through, the mail goes out twice (at-least-once).
   */
  async stop(graceMs = 2_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    outboxSignal.off('enqueued', this.onEnqueued);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.race([this.running ?? Promise.resolve(), new Promise((r) => setTimeout(r, graceMs).unref())]);
    const unfinished = [...this.sending].map(([id, leaseUntil]) => ({ id, leaseUntil }));
    this.sending.clear();
    if (unfinished.length) {
      try {
        await releaseClaims(this.db, unfinished);
        this.log.info({ mails: unfinished.length }, 'stopping: unsent mails given back to the outbox');
      } catch (err) {
        this.log.warn({ err }, 'stopping: could not give unsent mails back; they are sent once their lease runs out');
      }
    }
    this.mailer.close();
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once every row due now has been tried (tests read the .eml files after it). */
  async flush(): Promise<void> {
    do {
      this.kick();
      await this.running;
    } while (this.running);
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        if (Date.now() - this.prunedAt >= OUTBOX.pruneEveryMs) {
          this.prunedAt = Date.now();
          await pruneOutbox(this.db);
        }
        for (;;) {
          if (this.stopped) return;
          const rows = await claimDue(this.db, this.kind, OUTBOX.batch, OUTBOX.leaseMs);
          if (!rows.length) break;
          for (const row of rows) this.sending.set(row.id, row.lease_until!);
          await Promise.all(rows.map((row) => this.sendOne(row).finally(() => this.sending.delete(row.id))));
        }
      } catch (err) {
        // The database is down or closing: the next poll tries again.
        if (!this.stopped) this.log.error({ err }, 'outbox pass failed');
        return;
      }
    } while (this.again && !this.stopped);
  }

  private async sendOne(row: OutboxRow): Promise<void> {
    // The log names the real recipient: the firm's mail with no address configured goes to the
    // admin accounts there are now (none yet: retried), not to the placeholder in the row.
    const who = { kind: row.kind, to: row.recipient, attempt: row.attempts };
    let cap: NodeJS.Timeout | undefined;
    try {
      const to = row.recipient === ADMIN_ACCOUNTS ? (await adminEmails(this.db)).join(', ') : row.recipient;
      who.to = to;
      if (!to) throw Object.assign(new Error('no admin account to send the firm’s mail to'), { code: 'ENOADMIN' });
      await Promise.race([
        this.mailer.send({
          to,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body ?? undefined,
          replyTo: row.reply_to ?? undefined,
        }),
        new Promise((_, reject) => {
          cap = setTimeout(() => reject(Object.assign(new Error('send took too long'), { code: 'ESENDCAP' })), OUTBOX.sendCapMs);
        }),
      ]);
    } catch (err) {
      clearTimeout(cap);
      // Given back by stop(): the row is due again now, not after a retry delay.
      if (this.stopped && !this.sending.has(row.id)) return;
      const e = err as { code?: string; responseCode?: number };
      // Only the error's code, never its message: an SMTP reply can quote the mail.
      const reason = [e.code, e.responseCode].filter(Boolean).join(' ') || 'error';
      const giveUp = Date.now() - Date.parse(row.created_at) >= OUTBOX.giveUpAfterMs;
      const retryAt = giveUp ? null : new Date(Date.now() + retryDelayMs(row.attempts));
      await markUnsent(this.db, row.id, reason, retryAt);
      if (giveUp) this.log.error({ ...who, reason }, 'mail not sent for 24 h: given up');
      else this.log.warn({ ...who, reason, retryAt: retryAt!.toISOString() }, 'mail not sent: will retry');
      return;
    }
    clearTimeout(cap);
    await markSent(this.db, row.id);
    this.log.info(who, this.mailer.done);
  }
}
