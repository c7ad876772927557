import type { DB } from '../../db/database.ts';
import { markCovering, nowIso } from '../../lib/ids.ts';
import { noticeParts, replyToPerson } from '../../lib/mail.ts';
import { formatFirmTime } from '../../shared/firm-time.ts';
import { enqueueForFollowers } from '../companies/companies.public.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { requestTitle } from '../queries/queries.mail.ts';
import { findUserContact } from '../users/users.repo.ts';
import { findMailMark, latestMessagesOfSide, listHeldMailMarks, moveMailMark, type ChatAudience } from './chats.mail.repo.ts';

// Chat notices by mail, written in the transaction of the message that causes
// them: to COMPANY_EMAIL when a client writes and no admin is connected, to the
// client when an admin writes and the client is not connected. At most one per
// query and audience in CHAT_MAIL_WINDOW_MS; the next one carries every message
// since. The last mail time is a row (chat_mail_marks), so a restart keeps it.

export const CHAT_MAIL_WINDOW_MS = 10 * 60_000;
/** A mail quotes at most this many messages (the newest), and says how many more there are. */
const MAX_QUOTED = 30;

export type { ChatAudience };

/**
 * The previous mail time of (query, audience): null when never mailed, false
 * when a mail went out less than the window ago.
 */
async function readMark(trx: DB, queryId: string, audience: ChatAudience, now: Date): Promise<string | null | false> {
  const mailedAt = await findMailMark(trx, queryId, audience);
  if (!mailedAt) return null;
  return now.getTime() - Date.parse(mailedAt) < CHAT_MAIL_WINDOW_MS ? false : mailedAt;
}

/**
 * The messages of one side (the client's, or the firm's) written since the
 * previous mail and since the other side last wrote, oldest first.
 */
async function unseenMessages(trx: DB, query: { id: string; user_id: string }, from: ChatAudience, since: string | null) {
  const rows = await latestMessagesOfSide(trx, query, from === 'client', since, MAX_QUOTED + 1);
  return { quoted: rows.slice(0, MAX_QUOTED).reverse(), more: rows.length > MAX_QUOTED };
}

const quote = (rows: Array<{ message: string; created_at: string }>) => rows.map((r) => `${formatFirmTime(r.created_at)}\n${r.message}`);

/** The request's name (its project, else its message's start) leads every mail. */
async function titleOf(trx: DB, queryId: string): Promise<string> {
  const request = await trx.selectFrom('queries').select(['project_name', 'message']).where('id', '=', queryId).executeTakeFirst();
  return request ? requestTitle(request) : 'a request';
}

/** A client wrote and no admin is connected: tell COMPANY_EMAIL, at most once per window. */
export async function mailCompanyAboutClientMessage(
  trx: DB,
  ctx: { companyEmail?: string; publicUrl: string },
  query: { id: string; user_id: string },
  client: { fullName: string; email: string },
): Promise<void> {
  if (!ctx.companyEmail) return;
  const now = new Date();
  const since = await readMark(trx, query.id, 'company', now);
  if (since === false) return;
  const { quoted, more } = await unseenMessages(trx, query, 'client', since);
  if (!quoted.length || !(await moveMailMark(trx, query.id, 'company', since, markCovering(quoted.at(-1)?.created_at, now)))) return;
  const title = await titleOf(trx, query.id);
  await enqueueMail(trx, {
    kind: 'chat-to-company',
    to: ctx.companyEmail,
    ...replyToPerson(client.email),
    subject: `New message from ${client.fullName}: ${title}`,
    ...noticeParts(
      [
        `${client.fullName} (${client.email}) wrote in the chat of ${title} while no one of the team was connected${more ? ` (the newest ${MAX_QUOTED} messages)` : ''}:`,
        ...quote(quoted),
      ],
      { label: 'Answer in the admin area', url: `${ctx.publicUrl}/admin-chat/${query.id}` },
    ),
  });
}

/** The team wrote and the client is not connected: tell the client, at most once per window. */
export async function mailClientAboutReply(trx: DB, ctx: { publicUrl: string }, query: { id: string; user_id: string }): Promise<void> {
  const owner = await findUserContact(trx, query.user_id);
  if (!owner) return;
  const now = new Date();
  const since = await readMark(trx, query.id, 'client', now);
  if (since === false) return;
  const { quoted } = await unseenMessages(trx, query, 'company', since);
  if (!quoted.length || !(await moveMailMark(trx, query.id, 'client', since, markCovering(quoted.at(-1)?.created_at, now)))) return;
  const title = await titleOf(trx, query.id);
  // To everyone who follows the request (its author by default), each their own copy.
  await enqueueForFollowers(trx, query.id, {
    kind: 'chat-to-client',
    to: owner.email,
    subject: `New reply to your estimate request: ${title}`,
    ...noticeParts(
      [`Hi ${owner.full_name},`, `Our estimating team replied to your request for ${title}:`, ...quoted.map((r) => r.message)],
      {
        label: 'Read and answer it here',
        url: `${ctx.publicUrl}/chat/${query.id}`,
      },
    ),
  });
}

/** How often held messages (written inside a window) are looked for once their window has passed. */
export const CHAT_MAIL_SWEEP_MS = 60_000;

type SweepDeps = { db: DB; config: { companyEmail?: string; publicUrl: string } };
type Presence = { anyAdmin: () => boolean; user: (id: string) => boolean };

/**
 * Messages written inside a window are held, not dropped: once the window has
 * passed, this sends what is still unanswered, if the recipient is still not
 * connected. Several instances may sweep: the mark is taken by a conditional
 * update, so one of them mails. Returns the function that stops it.
 */
export function startChatMailSweep(deps: SweepDeps & { log: { error: (o: object, m: string) => void } }, online: Presence): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepHeldChatMail(deps, online)
      .catch((err: unknown) => deps.log.error({ err }, 'chat mail sweep failed'))
      .finally(() => (running = false));
  }, CHAT_MAIL_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** One pass of the sweep (startChatMailSweep runs it every minute). */
export async function sweepHeldChatMail(deps: SweepDeps, online: Presence): Promise<void> {
  const cutoff = nowIso(new Date(Date.now() - CHAT_MAIL_WINDOW_MS));
  const held = await listHeldMailMarks(deps.db, cutoff, 100);
  for (const h of held) {
    const query = { id: h.query_id, user_id: h.user_id };
    if (h.audience === 'company' && !online.anyAdmin()) {
      const client = await findUserContact(deps.db, h.user_id);
      if (!client) continue;
      await deps.db
        .transaction()
        .execute((trx) => mailCompanyAboutClientMessage(trx, deps.config, query, { fullName: client.full_name, email: client.email }));
    } else if (h.audience === 'client' && !online.user(h.user_id)) {
      await deps.db.transaction().execute((trx) => mailClientAboutReply(trx, deps.config, query));
    }
  }
}

/**
 * The mail a new message may cause, in its transaction: the client hears of a
 * reply when not connected, the company of a client's message when no admin is
 * (each at most once per window, above).
 */
export async function mailAbsentSide(
  trx: DB,
  ctx: { companyEmail?: string; publicUrl: string },
  online: Presence,
  query: { id: string; user_id: string },
  sender: { role: string; fullName: string; email: string },
): Promise<void> {
  if (sender.role === 'admin' && !online.user(query.user_id)) await mailClientAboutReply(trx, ctx, query);
  if (sender.role !== 'admin' && !online.anyAdmin()) await mailCompanyAboutClientMessage(trx, ctx, query, sender);
}
