import { sql, type RawBuilder } from 'kysely';
import { engineOf, type DB } from '../../db/database.ts';
import { namesContain, queryTextMatches, sourceTable, sourceTextMatches, sourceWordShare, type SearchSource } from '../../db/search.ts';
import type { SearchField } from './search.snippet.ts';

// The one search box (docs/product.md, "Search"): each source is read through its own full-text
// or trigram index (db/search.ts), newest first, at most `cap` rows each, and only within one
// company's requests when `companyId` is given (queries/queries.access.ts companyScope). Every
// statement starts from an index, so its cost follows the matches it keeps, not the data.

export type Hit = { queryId: string; createdAt: string; field: SearchField; text: string };

/**
 * On PostgreSQL a row walked newest first costs about half what a match read from the GIN index
 * does (fetched, then sorted among every match): 1.5 against 3 µs at 200,000 messages.
 */
const WALK_PER_MATCH = 2;
/** A walk gives up after this many times the rows the statistics expect it to need. */
const WALK_MARGIN = 4;

/**
 * On PostgreSQL, across every company: the newest `cap` rows of `source` (chat messages, request
 * files) whose words match, each with its request's created_at, at the cost of the cheaper of two
 * ways, chosen on the statistics of the source's words (db/search.ts sourceWordShare):
 * - a common word: the source's rows walked newest first on its created_at index, each tested on
 *   its stored `words` (migration 20261201T0200), stopping at `cap` matches, about cap / share
 *   rows. The walk is bounded to WALK_MARGIN times that; when the statistics were wrong and it
 *   kept fewer than `cap`, the GIN index answers after all.
 * - a rare word: the GIN index names every match, and those few are sorted. Without an order by
 *   inside it, the materialized list of matches can only come from the index.
 */
async function newestSourceRows<Row>(db: DB, source: SearchSource, text: string, cap: number, columns: readonly string[]): Promise<Row[]> {
  const table = sql.table(sourceTable(source));
  const own = sql.join(columns.map((c) => sql.ref(`s.${c}`)));
  const bare = sql.join(columns.map((c) => sql.ref(c)));
  // The request's created_at read per kept row through its primary key: a join let the planner
  // hash every request for a few hundred rows.
  const withRequest = (from: RawBuilder<unknown>) =>
    sql<Row>`select s.query_id, (select q.created_at from queries q where q.id = s.query_id) as created_at, ${own}
      from (${from}) s order by s.created_at desc`;
  const { rows, share } = await sourceWordShare(db, source, text);
  if (share > 0 && cap / share <= WALK_PER_MATCH * share * rows) {
    const walk = Math.ceil((WALK_MARGIN * cap) / share);
    const recent = sql`select * from (select query_id, created_at, words, ${bare} from ${table} order by created_at desc limit ${walk}) s
      where ${sourceTextMatches(db, source, 's', text, { access: 'rows' })} order by s.created_at desc limit ${cap}`;
    const found = (await withRequest(recent).execute(db)).rows;
    if (found.length >= cap) return found;
  }
  const all = sql`with matches as materialized (select query_id, created_at, ${bare} from ${table} s where ${sourceTextMatches(db, source, 's', text)})
    select * from matches order by created_at desc limit ${cap}`;
  return (await withRequest(all).execute(db)).rows;
}

/**
 * On PostgreSQL, within one company: the newest `cap` rows of `source` on the company's requests
 * whose words match. Each of its requests (queries.company_id) has its rows read through
 * (query_id, created_at) and tested one by one (the LATERAL makes the requests the outer side), so
 * the cost follows the company's data: the GIN index would name every match in the firm first.
 */
async function companySourceRows<Row>(
  db: DB,
  source: SearchSource,
  text: string,
  companyId: string,
  cap: number,
  columns: readonly string[],
): Promise<Row[]> {
  const own = sql.join(columns.map((c) => sql.ref(`s.${c}`)));
  const { rows } = await sql<Row>`select s.query_id, q.created_at, ${own} from queries q cross join lateral
      (select s.query_id, s.created_at, ${own} from ${sql.table(sourceTable(source))} s where s.query_id = q.id and ${sourceTextMatches(db, source, 's', text, { access: 'rows' })}
        order by s.created_at desc limit ${cap}) s
    where q.company_id = ${companyId} order by s.created_at desc limit ${cap}`.execute(db);
  return rows;
}

/** newestSourceRows or companySourceRows. */
function sourceRows<Row>(db: DB, source: SearchSource, text: string, companyId: string | null, cap: number, columns: readonly string[]) {
  return companyId === null
    ? newestSourceRows<Row>(db, source, text, cap, columns)
    : companySourceRows<Row>(db, source, text, companyId, cap, columns);
}

export async function searchHits(db: DB, text: string, companyId: string | null, cap: number): Promise<Hit[]> {
  const scoped = <T extends { where: (...args: any[]) => T }>(qb: T): T =>
    companyId === null ? qb : qb.where('q.company_id', '=', companyId);
  // Across every company, each index hands over only its newest `cap` matches (db/search.ts
  // ftsRowids), so a common word costs `cap` rows; within one company, its own rows are few.
  const newest = companyId === null ? cap : undefined;
  const words = queryTextMatches(db, text, newest);
  // On PostgreSQL the chat and the files go their own ways (sourceRows).
  const postgres = engineOf(db) === 'postgres';
  const chat = sourceTextMatches(db, 'chat', 'm', text, { newest });
  const file = sourceTextMatches(db, 'file', 'f', text, { newest });
  const [requests, names, clients, chats, files] = await Promise.all([
    words
      ? scoped(db.selectFrom('queries as q').select(['q.id', 'q.created_at', 'q.subject', 'q.message']).where(words))
          .orderBy('q.created_at', 'desc')
          .limit(cap)
          .execute()
      : [],
    scoped(
      db
        .selectFrom('queries as q')
        .select(['q.id', 'q.created_at', 'q.project_name', 'q.location'])
        .where(namesContain(db, 'queries', 'q', text, newest)),
    )
      .orderBy('q.created_at', 'desc')
      .limit(cap)
      .execute(),
    scoped(
      db
        .selectFrom('users as u')
        .innerJoin('queries as q', 'q.user_id', 'u.id')
        .select(['q.id', 'q.created_at', 'u.full_name', 'u.email'])
        .where(namesContain(db, 'users', 'u', text, newest)),
    )
      .orderBy('q.created_at', 'desc')
      .limit(cap)
      .execute(),
    !chat
      ? []
      : postgres
        ? sourceRows<{ query_id: string; created_at: string; message: string }>(db, 'chat', text, companyId, cap, ['message'])
        : scoped(
            db
              .selectFrom('chat_messages as m')
              .innerJoin('queries as q', 'q.id', 'm.query_id')
              .select(['m.query_id', 'q.created_at', 'm.message'])
              .where(chat),
          )
            .orderBy('m.created_at', 'desc')
            .limit(cap)
            .execute(),
    !file
      ? []
      : postgres
        ? sourceRows<{ query_id: string; created_at: string; name: string; sheet_titles: string | null }>(
            db,
            'file',
            text,
            companyId,
            cap,
            ['name', 'sheet_titles'],
          )
        : scoped(
            db
              .selectFrom('query_files as f')
              .innerJoin('queries as q', 'q.id', 'f.query_id')
              .select(['f.query_id', 'q.created_at', 'f.name', 'f.sheet_titles'])
              .where(file),
          )
            .orderBy('f.created_at', 'desc')
            .limit(cap)
            .execute(),
  ]);
  const hits: Hit[] = [];
  const add = (queryId: string, createdAt: string, field: SearchField, value: string | null) => {
    if (value) hits.push({ queryId, createdAt, field, text: value });
  };
  for (const r of requests) {
    add(r.id, r.created_at, 'subject', r.subject);
    add(r.id, r.created_at, 'message', r.message);
  }
  for (const r of names) {
    add(r.id, r.created_at, 'projectName', r.project_name);
    add(r.id, r.created_at, 'location', r.location);
  }
  for (const r of clients) {
    add(r.id, r.created_at, 'clientName', r.full_name);
    add(r.id, r.created_at, 'clientEmail', r.email);
  }
  for (const r of chats) add(r.query_id, r.created_at, 'chat', r.message);
  for (const r of files) {
    add(r.query_id, r.created_at, 'fileName', r.name);
    add(r.query_id, r.created_at, 'sheetTitle', r.sheet_titles);
  }
  return hits;
}

/** What a result shows of its request. */
export function searchResultRows(db: DB, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('queries as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select(['q.id', 'q.project_name', 'q.message', 'q.status', 'q.created_at', 'u.id as user_id', 'u.full_name', 'u.email'])
    .where('q.id', 'in', ids)
    .execute();
}
