// The search rows of npm run bench (docs/performance.md, "Search"): GET /api/search at 10,000
// requests and 200,000 chat messages, for an admin and for a client, on a database of its own.
//
// The data goes straight into a freshly migrated database (the app's own migrations, so every
// trigger and index the server relies on is there) in multi-row inserts: the repo functions
// write one row per statement, and 200,000 messages that way took most of an hour on the shared
// machine. The rows are the ones the repos write (a company per client, the author following the
// request, an indexed file); the full-text tables are filled by the migrations' triggers.
// Each row is the median and p95 of sequential calls through the real server on 127.0.0.1.

import type { Insertable } from 'kysely';
import { engineOf, migrateToLatest, type DB } from '../../portal-api/src/db/database.ts';
import type { Database } from '../../portal-api/src/db/schema.ts';
import { newId } from '../../portal-api/src/lib/ids.ts';
import { hashPassword } from '../../portal-api/src/modules/auth/password.ts';
import { createSession } from '../../portal-api/src/modules/auth/session.ts';
import { insertAdmin } from '../../portal-api/src/modules/users/staff.repo.ts';
import { cpuMs, settle, time, type Timing } from './growth.ts';

const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_SEARCH_MESSAGES ?? 200_000);
const PER_CLIENT = 5;
/** Sequential calls per row, after five that warm up. */
const CALLS = Number(process.env.BENCH_SEARCH_CALLS ?? 100);
/** docs/performance.md: the p95 of one search at 10,000 requests and 200,000 messages. */
export const SEARCH_GOAL_MS = 50;

const TRADES = ['framing', 'roofing', 'drywall', 'concrete', 'masonry', 'plumbing', 'electrical', 'painting'];
const CHAT_WORDS = ['slab', 'rebar', 'footing', 'addendum', 'quantities', 'revision', 'drawings', 'schedule', 'pricing', 'scope'];
/** Rows per insert statement: under SQLite's 32,766 bound parameters and PostgreSQL's 65,535 at any width here. */
const CHUNK = 500;
const DAY = 86_400_000;

async function insertChunked<T extends keyof Database & string>(db: DB, table: T, rows: Array<Insertable<Database[T]>>) {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/**
 * Migrates `db` and fills it: the admin `adminEmail`, REQUESTS / 5 clients (one company each)
 * with five requests each (one in a hundred in Kendall, every one with a plans PDF whose sheet
 * titles are indexed), and MESSAGES chat messages spread over every request, in turn from the
 * client and the firm; one in a thousand says 'waterproofing'. Answers the admin's and one
 * client's id, and how long it took.
 */
export async function seedSearch(db: DB, adminEmail: string, password: string) {
  const started = Date.now();
  await migrateToLatest(db);
  const hash = await hashPassword(password);
  const t0 = Date.now() - 400 * DAY;
  const at = (ms: number) => new Date(t0 + ms).toISOString();
  const adminId = await insertAdmin(db, { email: adminEmail, fullName: 'Bench Admin', passwordHash: hash });

  const clients = Math.ceil(REQUESTS / PER_CLIENT);
  const clientIds = Array.from({ length: clients }, () => newId());
  await db.transaction().execute(async (trx) => {
    await insertChunked(
      trx,
      'users',
      clientIds.map((id, c) => ({
        id,
        full_name: `Client ${c} ${TRADES[c % TRADES.length]} Builders`,
        email: `search-${c}@example.com`,
        password_hash: hash,
        role: 'client' as const,
        status: 'approved' as const,
        phone_number: null,
        company: null,
        bio: null,
        profile_image: null,
        created_at: at(c * 1000),
        updated_at: at(c * 1000),
        // As the companies migration made them: the owner's id is the company's.
        company_id: id,
      })),
    );
    await insertChunked(
      trx,
      'companies',
      clientIds.map((id, c) => ({ id, name: `Client ${c} ${TRADES[c % TRADES.length]} Builders`, owner_id: id, created_at: at(c * 1000) })),
    );
  });

  // Requests over a year, three hours apart; messages follow their request, an hour apart.
  const requestAt = (i: number) => 10 * DAY + i * 3 * 3_600_000;
  const rounds = Math.ceil(MESSAGES / REQUESTS);
  const requests = Array.from({ length: REQUESTS }, (_, i) => ({ id: newId(), userId: clientIds[Math.floor(i / PER_CLIENT)]! }));
  await db.transaction().execute(async (trx) => {
    await insertChunked(
      trx,
      'queries',
      requests.map(({ id, userId }, i) => {
        const place = i % 100 === 0 ? 'Kendall' : 'Doral';
        const created = at(requestAt(i));
        return {
          id,
          user_id: userId,
          company_id: userId,
          subject: null,
          message: `${TRADES[i % TRADES.length]} takeoff and cost breakdown for building ${i} in ${place}. `.repeat(3),
          service_id: null,
          subservice_id: null,
          status: 'pending' as const,
          bid_due_date: i % 3 ? `2027-0${1 + (i % 9)}-15` : null,
          created_at: created,
          updated_at: created,
          project_name: `${place} ${TRADES[i % TRADES.length]} building ${i}`,
          location: `${place}, FL`,
          delivery_due_at: null,
          first_answered_at: null,
          outcome: null,
          outcome_margin_pct: null,
          outcome_at: null,
          outcome_asked_at: null,
          last_activity_at: at(requestAt(i) + rounds * 3_600_000),
        };
      }),
    );
    await insertChunked(
      trx,
      'query_followers',
      requests.map(({ id, userId }, i) => ({ query_id: id, user_id: userId, created_at: at(requestAt(i)) })),
    );
    await insertChunked(
      trx,
      'query_files',
      requests.map(({ id, userId }, i) => ({
        id: newId(),
        query_id: id,
        kind: 'attachment' as const,
        name: `plans-${i}.pdf`,
        storage_key: `private/queries/search-${i}.pdf`,
        size: 123_456,
        type: 'application/pdf',
        uploaded_by: userId,
        created_at: at(requestAt(i)),
        revision: null,
        // Indexed long ago: the server's sheet indexer has nothing to read.
        index_status: 'done' as const,
        index_summary: '2 sheets',
        index_json: null,
        index_claimed_at: null,
        sheet_titles: `Foundation plan ${i} \n Roof framing plan`,
      })),
    );
  });

  // In the order of their times, as the server writes them (insertMessage), so that rowids rise with time.
  const messages = Array.from({ length: MESSAGES }, (_, done) => {
    const r = done % REQUESTS;
    const w = (k: number) => CHAT_WORDS[(done + k) % CHAT_WORDS.length];
    const extra = done % 1000 === 0 ? ' The waterproofing detail is on sheet A5.' : '';
    return {
      id: newId(),
      query_id: requests[r]!.id,
      sender_id: done % 2 ? adminId : requests[r]!.userId,
      message: `Message ${done}: please check the ${w(0)} and ${w(3)} for the ${w(7)}.${extra}`,
      reply_to_id: null,
      created_at: at(requestAt(r) + (1 + Math.floor(done / REQUESTS)) * 3_600_000),
      file_id: null,
    };
  }).sort((x, y) => x.created_at.localeCompare(y.created_at));
  for (let i = 0; i < messages.length; i += 20 * CHUNK) {
    await db.transaction().execute((trx) => insertChunked(trx, 'chat_messages', messages.slice(i, i + 20 * CHUNK)));
  }
  await settle(db);
  return { adminId, clientId: clientIds[0]!, seedSeconds: Math.round((Date.now() - started) / 100) / 10 };
}

/**
 * Waits (at most 60 s) until the server has used under 20 ms of CPU in half a second: a server
 * that just opened a large database still checkpoints, sweeps and looks for work, and the first
 * row would measure that.
 */
async function settled(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (let before = await cpuMs(pid); Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await cpuMs(pid);
    if (now - before < 20) return;
    before = now;
  }
}

export type SearchRow = Timing & { who: 'admin' | 'client'; q: string; what: string; results: number; met: boolean };

/**
 * The searches: for the admin a rare word, a chat-only word, a word of every request (each source
 * then reads its cap), a chat word of one message in ten, a file name, a client's name and a
 * sheet title; for a client the same kinds within their company.
 */
export async function searchRows(db: DB, base: string, pid: number, ids: { adminId: string; clientId: string }) {
  const admin = (await createSession(db, ids.adminId)).token;
  const client = (await createSession(db, ids.clientId)).token;
  const cases: Array<[who: 'admin' | 'client', q: string, what: string]> = [
    ['admin', 'kendall', 'a place, 1 request in 100'],
    ['admin', 'waterproofing', 'chat only, 1 message in 1,000'],
    ['admin', 'takeoff', 'every request'],
    ['admin', 'slab', 'chat, 1 message in 10'],
    ['admin', 'plans-4242', 'a file name'],
    ['admin', 'Client 1234', "a client's name"],
    ['admin', 'builders', "every client's name"],
    ['admin', 'roof framing', 'a sheet title of every file'],
    ['client', 'slab', 'chat, within the company'],
    ['client', 'takeoff', 'every request of the company'],
    ['client', 'waterproofing', 'chat only'],
  ];
  await settled(pid);
  const rows: SearchRow[] = [];
  for (const [who, q, what] of cases) {
    const token = who === 'admin' ? admin : client;
    const url = `${base}/api/search?q=${encodeURIComponent(q)}`;
    const first = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await first.json()) as { total?: number };
    if (first.status !== 200) throw new Error(`GET /api/search?q=${q} answered ${first.status}: ${JSON.stringify(body)}`);
    const t = await time(pid, url, token, CALLS);
    rows.push({ ...t, who, q, what, results: body.total ?? 0, met: t.p95Ms <= SEARCH_GOAL_MS });
  }
  return { requests: REQUESTS, messages: MESSAGES, engine: engineOf(db), calls: CALLS, goalMs: SEARCH_GOAL_MS, rows };
}
