import type { DB } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { noticeParts } from '../../lib/mail.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';

// Chat notices by mail, written in the transaction of the message that causes
// them: to COMPANY_EMAIL when a client writes and no admin is connected, to the
// client when an admin writes and the client is not connected. At most one per
// query and audience in CHAT_MAIL_WINDOW_MS; the next one carries every message
// since. The last mail time is a row (chat_mail_marks), so a restart keeps it.

export const CHAT_MAIL_WINDOW_MS = 10 * 60_000;
/** A mail quotes at most this many messages (the newest), and says how many more there are. */
const MAX_QUOTED = 30;

export type ChatAudience = 'company' | 'client';

/**
 * The previous mail time of (query, audience): null when never mailed, false
 * when a mail went out less than the window ago.
 */
async function readMark(trx: DB, queryId: string, audience: ChatAudience, now: Date): Promise<string | null | false> {
  const mark = await trx.selectFrom('chat_mail_marks').select('mailed_at')
    .where('query_id', '=', queryId).where('audience', '=', audience).executeTakeFirst();
  if (!mark) return null;
  return now.getTime() - Date.parse(mark.mailed_at) < CHAT_MAIL_WINDOW_MS ? false : mark.mailed_at;
}

/** Moves the mark from `previous` to `now`; false when a concurrent message (or instance) moved it first. */
async function takeMark(trx: DB, queryId: string, audience: ChatAudience, previous: string | null, now: Date): Promise<boolean> {
  if (previous) {
    const res = await trx.updateTable('chat_mail_marks').set({ mailed_at: nowIso(now) })
      .where('query_id', '=', queryId).where('audience', '=', audience).where('mailed_at', '=', previous).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
  const res = await trx.insertInto('chat_mail_marks').values({ query_id: queryId, audience, mailed_at: nowIso(now) })
    .onConflict((oc) => oc.columns(['query_id', 'audience']).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows) === 1;
}

/**
 * The messages of one side (the client's, or the firm's) written since the
 * previous mail and since the other side last wrote (what it wrote before, the
 * other side has seen), oldest first.
 */
async function unseenMessages(trx: DB, query: { id: string; user_id: string }, from: ChatAudience, since: string | null) {
  const fromClient = from === 'client';
  const lastReply = await trx.selectFrom('chat_messages').select((eb) => eb.fn.max('created_at').as('at'))
    .where('query_id', '=', query.id).where('sender_id', fromClient ? '!=' : '=', query.user_id).executeTakeFirst();
  const after = [since, lastReply?.at ?? null].filter((t): t is string => !!t).sort().at(-1) ?? null;
  let q = trx.selectFrom('chat_messages').select(['message', 'created_at'])
    .where('query_id', '=', query.id).where('sender_id', fromClient ? '=' : '!=', query.user_id);
  if (after) q = q.where('created_at', '>', after);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(MAX_QUOTED + 1).execute();
  return { quoted: rows.slice(0, MAX_QUOTED).reverse(), more: rows.length > MAX_QUOTED };
}

const quote = (rows: Array<{ message: string; created_at: string }>) =>
  rows.map((r) => `${r.created_at.slice(0, 16).replace('T', ' ')} UTC\n${r.message}`);

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
  if (!quoted.length || !(await takeMark(trx, query.id, 'company', since, now))) return;
  await enqueueMail(trx, {
    kind: 'chat-to-company', to: ctx.companyEmail,
    subject: `New message from ${client.fullName}`,
    ...noticeParts([
      `${client.fullName} (${client.email}) wrote in the chat of a request while no one of the team was connected${more ? ` (the newest ${MAX_QUOTED} messages)` : ''}:`,
      ...quote(quoted),
    ], { label: 'Answer in the admin area', url: `${ctx.publicUrl}/admin-chat/${query.id}` }),
  });
}

/** The team wrote and the client is not connected: tell the client, at most once per window. */
export async function mailClientAboutReply(
  trx: DB,
  ctx: { publicUrl: string },
  query: { id: string; user_id: string },
): Promise<void> {
  const owner = await trx.selectFrom('users').select(['email', 'full_name']).where('id', '=', query.user_id).executeTakeFirst();
  if (!owner) return;
  const now = new Date();
  const since = await readMark(trx, query.id, 'client', now);
  if (since === false) return;
  const { quoted } = await unseenMessages(trx, query, 'company', since);
  if (!quoted.length || !(await takeMark(trx, query.id, 'client', since, now))) return;
  await enqueueMail(trx, {
    kind: 'chat-to-client', to: owner.email,
    subject: 'New reply to your estimate request',
    ...noticeParts([`Hi ${owner.full_name},`, 'Our estimating team replied to your request:', ...quoted.map((r) => r.message)],
      { label: 'Read and answer it here', url: `${ctx.publicUrl}/chat/${query.id}` }),
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
    sweepHeldChatMail(deps, online).catch((err: unknown) => deps.log.error({ err }, 'chat mail sweep failed')).finally(() => (running = false));
  }, CHAT_MAIL_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** One pass of the sweep (startChatMailSweep runs it every minute). */
export async function sweepHeldChatMail(deps: SweepDeps, online: Presence): Promise<void> {
  const cutoff = nowIso(new Date(Date.now() - CHAT_MAIL_WINDOW_MS));
  const held = await deps.db.selectFrom('chat_mail_marks as m').innerJoin('queries as q', 'q.id', 'm.query_id')
    .select(['m.query_id', 'm.audience', 'q.user_id'])
    .where('m.mailed_at', '<=', cutoff)
    // The request's latest message is newer than the mark and comes from the side this audience
    // hears about: something is held and still unanswered.
    .where(({ exists, selectFrom, ref, eb }) => exists(
      selectFrom('chat_messages as c').select('c.id')
        .whereRef('c.query_id', '=', 'm.query_id').whereRef('c.created_at', '>', 'm.mailed_at')
        .where((w) => w.or([
          w.and([eb(ref('m.audience'), '=', 'company'), w('c.sender_id', '=', ref('q.user_id'))]),
          w.and([eb(ref('m.audience'), '=', 'client'), w('c.sender_id', '!=', ref('q.user_id'))]),
        ]))
        .where((w) => w.not(w.exists(
          w.selectFrom('chat_messages as later').select('later.id')
            .whereRef('later.query_id', '=', 'c.query_id').whereRef('later.created_at', '>', 'c.created_at'),
        )))),
    )
    .limit(100).execute();
  for (const h of held) {
    const query = { id: h.query_id, user_id: h.user_id };
    if (h.audience === 'company' && !online.anyAdmin()) {
      const client = await deps.db.selectFrom('users').select(['full_name', 'email']).where('id', '=', h.user_id).executeTakeFirst();
      if (!client) continue;
      await deps.db.transaction().execute((trx) =>
        mailCompanyAboutClientMessage(trx, deps.config, query, { fullName: client.full_name, email: client.email }));
    } else if (h.audience === 'client' && !online.user(h.user_id)) {
      await deps.db.transaction().execute((trx) => mailClientAboutReply(trx, deps.config, query));
    }
  }
}
