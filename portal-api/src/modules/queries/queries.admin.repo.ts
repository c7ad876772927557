import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { engineOf, type DB } from '../../db/database.ts';
import type { QueryStatus } from '../../db/schema.ts';
import { containsPattern, likePattern, namesContain, queryTextKeys, queryTextMatches, searchWords } from '../../db/search.ts';
import { decodeCursor, nextCursorOf } from '../../http/cursor.ts';
import { firmDay, firmDayStart } from '../../shared/firm-time.ts';
import type { Storage } from '../../lib/storage.ts';
import { baseSelect, filesFor, loadQueries, loadQueriesByIds, toQueryFields, withFiles, type QueryFields } from './queries.repo.ts';
import type { Query } from './queries.schema.ts';
import type { LifecycleSummary, QueueView } from './queries.admin.schema.ts';
import type { QuoteState } from './queries.rules.ts';

// Admin reads and writes on queries. The Query JSON is built only by the
// portal's toQuery and toQueryFields (queries.repo.ts); this file picks which queries and changes them.

export type ListFilter = {
  status?: QueryStatus | 'open';
  /** Only requests assigned to this admin; null: only unassigned ones; absent: any. */
  assigneeId?: string | null;
  view?: QueueView;
  search?: string;
  sort: 'createdAt' | 'bidDueDate' | 'due';
  page: number;
  pageSize: number;
  cursor?: string;
};

/**
 * Undated requests sort after every date: a key that compares after any YYYY-MM-DD under any
 * collation. Written as in the indexes queries_due_idx and queries_status_due_idx (migration 20261123T0600).
 */
const UNDATED_SQL = sql<string>`coalesce(q.bid_due_date, '9999-99-99')`; // a literal, to match the index expression

/**
 * The keys (matchKey) of the requests a search matches (a key may come more than once). Each word of the
 * search (split at spaces, up to SEARCH_TERMS) must match somewhere, each in any field: 'Delgado
 * Miami' finds Delgado's requests in Miami. One word's keys are termMatches'; several words
 * intersect theirs (each set wrapped in a select of its own, since compound operators chain
 * left to right).
 */
async function matchingKeys(db: DB, search: string) {
  const sets = await Promise.all(searchTerms(search).map((term) => termMatches(db, term)));
  if (sets.length === 1) return sets[0]!;
  const wrapped = sets.map((set, i) => db.selectFrom(set.as(`t${i}`)).select(sql.ref<string>(`t${i}.key`).as('key')));
  return wrapped.slice(1).reduce((all, set) => all.intersect(set), wrapped[0]!);
}

/**
 * How the matches name a request: on SQLite its rowid, which the full-text and trigram tables
 * hand over, so each match is found in the table's own B-tree, not through the id index first;
 * on PostgreSQL its id.
 */
function matchKey(db: DB) {
  return sql.ref<string>(engineOf(db) === 'postgres' ? 'q.id' : 'q.rowid');
}

/**
 * The search's words as the admin typed them, split at spaces. Beside other words, one without a
 * letter or digit ('&', '-') is left out: it says nothing of what is sought. Only such words: the
 * search is taken whole. A search is never empty (SearchParam trims it).
 */
const SEARCH_TERMS = 8;
function searchTerms(search: string): string[] {
  const terms = search
    .split(/\s+/)
    .filter((term) => /[\p{L}\p{N}]/u.test(term))
    .slice(0, SEARCH_TERMS);
  return terms.length ? terms : [search];
}

/**
 * The keys of the requests one word of a search matches (a key may come more than once), one set
 * per way a request can match, each found through its own index, then united: words of the
 * message or subject through the full-text index (db/search.ts); the client's name or e-mail,
 * the project name and location, and the service titles by substring. A word of letters and
 * digits alone is matched as a word prefix by the index itself, read without touching a request
 * (1,000 matches: about 0.6 ms less than reading each to test it again). A word with other
 * characters ('3-storey', 'o'neil') is split into several by the index, so its matches are kept
 * only when the text also contains the word as typed. UNION ALL: `in` ignores duplicates, and
 * a plain UNION would sort by id and scan the table.
 */
async function termMatches(db: DB, search: string) {
  const pattern = likePattern(search);
  const like = (col: string) => containsPattern(col, pattern);
  const key = matchKey(db).as('key');
  // The few matching services first: as a subquery the planner cannot know it is empty, and
  // with one service owning most requests it would scan them all.
  const services = (await db.selectFrom('services').select('id').where(like('title')).execute()).map((r) => r.id);
  const users = db
    .selectFrom('users')
    .select('id')
    .where(namesContain(db, 'users', 'users', search));
  let matching = db
    .selectFrom('queries as q')
    .select(key)
    .where('q.user_id', 'in', users)
    // The project name and location lead every list, so they are searched too.
    .unionAll(
      db
        .selectFrom('queries as q')
        .select(key)
        .where(namesContain(db, 'queries', 'q', search)),
    );
  if (services.length) {
    matching = matching
      .unionAll(db.selectFrom('queries as q').select(key).where('q.service_id', 'in', services))
      .unionAll(db.selectFrom('queries as q').select(key).where('q.subservice_id', 'in', services));
  }
  const words = searchWords(search);
  const keys = words.length === 1 && words[0] === search.toLowerCase() ? queryTextKeys(db, search) : null;
  const text = keys ? null : queryTextMatches(db, search);
  if (keys) matching = matching.unionAll(keys);
  else if (text) {
    matching = matching.unionAll(
      db
        .selectFrom('queries as q')
        .select(key)
        .where(text)
        .where((eb) => eb.or([like('q.message'), like('q.subject')])),
    );
  }
  return matching;
}

/** Still owed by the firm: the statuses the 'Due in 24 h' view looks at. */
const OWED: QueryStatus[] = ['pending', 'in_progress'];
/** The same statuses as literals of the SQL, as queries_owed_delivery_idx's WHERE has them. */
const OWED_SQL = OWED.map((status) => sql.lit(status));

/**
 * The queue's saved views (docs/product.md §15), each read through its own index (migration
 * 20261130T0200, and queries_status_due_idx for the bid date):
 * - due24h: still owed, and the delivery is due, or the bid date falls, within 24 h (or has passed);
 * - waiting: a quote is sent and the client has not decided (quotes_sent_idx);
 * - unread: the client wrote and the firm has not read it (the kept queries.firm_unread).
 * A partial index's value is a literal in the SQL, where SQLite matches it to the index's WHERE.
 */
function viewCondition(db: DB, view: QueueView, now: Date): Expression<SqlBool> {
  const eb = expressionBuilder(db.selectFrom('queries as q'));
  const horizon = new Date(now.getTime() + 24 * 3600_000);
  switch (view) {
    case 'due24h':
      return eb.and([
        eb('q.status', 'in', OWED_SQL),
        eb.or([eb('q.delivery_due_at', '<=', horizon.toISOString()), eb(UNDATED_SQL, '<=', firmDay(horizon))]),
      ]);
    case 'waiting':
      return eb.and([
        eb('q.status', '!=', sql.lit('closed')),
        eb('q.id', 'in', eb.selectFrom('quotes').select('quotes.query_id').where('quotes.state', '=', sql.lit('sent'))),
      ]);
    case 'unread':
      return eb('q.firm_unread', '>', sql.lit(0));
  }
}

/**
 * What a row says of its bid workflow (LifecycleSummary), as columns of the page's statement:
 * each an index look-up per row (quotes_query_idx and the addenda's and revisions' unique
 * indexes), where the workflow whole takes three more statements and most of a row's bytes.
 */
const LIFECYCLE_COLUMNS = [
  sql<number | string>`(select count(*) from quotes as qt where qt.query_id = q.id)`.as('quote_count'),
  sql<QuoteState | null>`(select qt.state from quotes as qt where qt.query_id = q.id order by qt.sent_at desc, qt.id limit 1)`.as(
    'quote_state',
  ),
  sql<number | string>`(select count(*) from query_addenda as ad where ad.query_id = q.id)`.as('addendum_count'),
  sql<number | string>`(select count(*) from query_revisions as rv where rv.query_id = q.id and rv.answered_at is not null)`.as(
    'answered_revisions',
  ),
];

/**
 * Every client's queries for the admin, filtered, sorted and paged. With a
 * cursor the page starts right after the cursor's row (keyset, through the
 * indexes of migration 20261123T0600); without one, `page` counts from the top.
 * Each row carries a summary of its bid workflow; with `whole`, the workflow itself too.
 */
export async function listAllQueries(db: DB, storage: Storage, filter: ListFilter, whole = true) {
  // One condition for the page and, with a search, for its count.
  const eb = expressionBuilder(db.selectFrom('queries as q'));
  const conditions: Array<Expression<SqlBool>> = [];
  if (filter.status === 'open') conditions.push(eb('q.status', '!=', 'closed'));
  else if (filter.status) conditions.push(eb('q.status', '=', filter.status));
  const assigned = filter.assigneeId !== undefined;
  if (filter.assigneeId === null) conditions.push(eb('q.assignee_id', 'is', null));
  else if (filter.assigneeId) conditions.push(eb('q.assignee_id', '=', filter.assigneeId));
  if (filter.view) conditions.push(viewCondition(db, filter.view, new Date()));
  const matching = filter.search ? await matchingKeys(db, filter.search) : null;
  const key = matchKey(db);
  // The filters but the search, for the newest-first walk below.
  const others = conditions.length ? eb.and([...conditions]) : null;
  // The matches are read once, as the statement's WITH clause m, by the page and by the count.
  if (matching) conditions.push(eb(key, 'in', sql<string>`(select ${sql.ref('m.key')} from ${sql.table('m')})`));
  const where = conditions.length ? eb.and(conditions) : null;
  const due = UNDATED_SQL;
  const limit = filter.pageSize;
  const order = ORDERS[filter.sort];
  // The page's rows of queries alone, through the index of its sort, stopped at the page; then
  // only those rows are joined to their clients and services. Joined first, PostgreSQL planned
  // the joins against every row the filter might keep, and a search ran them for every match.
  let page = db.selectFrom('queries as q').$if(!!where, (qb) => qb.where(where!));
  for (const [by, direction] of order) page = page.orderBy(by, direction);
  if (filter.cursor && filter.sort === 'bidDueDate') {
    const [d, at, id] = decodeCursor(filter.cursor, 3);
    page = page.where((eb) => eb(eb.tuple(due, eb.ref('q.created_at'), eb.ref('q.id')), '>', eb.tuple(d!, at!, id!)));
  }
  // Rows after a row of the newest-first order, for its cursor and for a page by number.
  const olderThan = (at: string, id: string) => eb(eb.refTuple('q.created_at', 'q.id'), '<', eb.tuple(at, id));
  const afterCursor =
    filter.cursor && filter.sort === 'createdAt' ? olderThan(...(decodeCursor(filter.cursor, 2) as [string, string])) : null;
  if (afterCursor) page = page.where(afterCursor);
  // The total comes with the page, in the same statement. Where the kept counts give it (no
  // search, no assignee, no view), it also tells the walk below which end is nearer.
  const fromKeptCounts = !matching && !assigned && !filter.view;
  const count = totalOf(db, filter.status, where, !!matching, assigned || !!filter.view);
  // A page by number in the default order: the key of the row before it, found in the index
  // alone, then a keyset page from there. Skipping whole rows, PostgreSQL read every row before
  // the page from the table (docs/performance.md, "Growth").
  const before =
    !filter.cursor && !matching && filter.sort === 'createdAt' && filter.page > 1
      ? await rowBeforePage(db, where, (filter.page - 1) * limit - 1, fromKeptCounts ? count : null)
      : undefined;
  if (before) page = page.where(olderThan(before.created_at, before.id));
  // The due order takes offset pages only: the due time changes as quotes are accepted, so a cursor would drift.
  page = page.limit(limit + 1).offset(before || (filter.cursor && filter.sort !== 'due') ? 0 : (filter.page - 1) * limit);
  // A search sorts its matches by key alone and reads the page's whole rows after: sorting a
  // thousand whole rows (each with its message) to keep twenty cost twice the search itself.
  const offset = filter.cursor ? 0 : (filter.page - 1) * limit;
  const walk = !!matching && engineOf(db) === 'sqlite' && filter.sort === 'createdAt' && offset + limit + 1 <= WALK_MAX_ROWS;
  const pageKeys = walk ? walkedPageKeys(db, others, afterCursor, offset, limit) : page.select(key.as('k'));
  const pageRows = matching
    ? db.selectFrom('queries as q').selectAll('q').select(due.as('due')).where(key, 'in', pageKeys)
    : page.selectAll('q').select(due.as('due'));
  const withMatches = matching
    ? db.with(
        (cte) => cte('m').materialized(),
        () => matching,
      )
    : db;
  const from = walk
    ? withMatches.with(
        (cte) => cte('w').materialized(),
        () => walkedMatches(db, others, afterCursor, offset + limit + 1),
      )
    : withMatches;
  let rowsQuery = baseSelect(from, pageRows.as('q')).select([
    sql<string>`q.due`.as('due'),
    sql<number | string>`q.firm_unread`.as('firm_unread'),
    count.as('total'),
    ...LIFECYCLE_COLUMNS,
  ]);
  for (const [by, direction] of order) rowsQuery = rowsQuery.orderBy(by, direction);
  const rows = await rowsQuery.execute();
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (await from.selectNoFrom(count.as('total')).executeTakeFirstOrThrow()).total;
  const { page: data, nextCursor } = nextCursorOf(rows, limit, (r) =>
    filter.sort === 'bidDueDate' ? [r.due, r.created_at, r.id] : [r.created_at, r.id],
  );
  const byId = new Map(data.map((r) => [r.id, r]));
  const queries = whole ? await withFiles(db, storage, data) : await withoutWorkflow(db, storage, data);
  return {
    data: queries.map((q) => {
      const row = byId.get(q._id)!;
      const lifecycle: LifecycleSummary = {
        quotes: Number(row.quote_count),
        quoteState: row.quote_state,
        addenda: Number(row.addendum_count),
        delivered: Number(row.answered_revisions) > 0 || q.deliverables.length > 0,
      };
      return { ...q, unread: Number(row.firm_unread), lifecycle };
    }),
    page: filter.page,
    pageSize: filter.pageSize,
    total: Number(total),
    nextCursor: filter.sort === 'due' ? null : nextCursor,
  };
}

/**
 * The key of the row `skip` rows after the newest that `where` keeps, walked in
 * queries_created_idx alone. With `kept`, the list's total from the kept counts, a row past the
 * middle is walked to from the oldest end: the last pages cost what the first do, and no walk
 * is longer than half the rows.
 */
async function rowBeforePage(db: DB, where: Expression<SqlBool> | null, skip: number, kept: ReturnType<typeof totalOf> | null) {
  const rows = kept === null ? null : Number((await kept.executeTakeFirstOrThrow()).total);
  const fromOldest = rows !== null && skip >= rows / 2 && skip < rows;
  const direction = fromOldest ? 'asc' : 'desc';
  return db
    .selectFrom('queries as q')
    .select(['q.created_at', 'q.id'])
    .$if(!!where, (qb) => qb.where(where!))
    .orderBy('q.created_at', direction)
    .orderBy('q.id', direction)
    .offset(fromOldest ? rows - 1 - skip : skip)
    .limit(1)
    .executeTakeFirst();
}

/** Page rows as Query JSON with their files and deliverables, without the quotes, file sets and revisions. */
async function withoutWorkflow(db: DB, storage: Storage, rows: Parameters<typeof withFiles>[2]): Promise<QueryFields[]> {
  if (!rows.length) return [];
  const files = await filesFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toQueryFields(row, files.get(row.id) ?? [], storage));
}

/**
 * A search in the default order, newest first, on SQLite: the page is found by walking the
 * newest rows through queries_created_idx and keeping those among the matches (the WITH clause
 * m), not by looking up every match to sort them all. A word of one request in ten, at 10,000
 * requests: 1,000 look-ups and a sort against a walk of about 200 index entries; the page's keys
 * took 0.69 ms, now 0.45 ms. The walk goes WALK_SPAN times as deep as the rows it needs, so matches
 * as sparse as one row in WALK_SPAN are still found by it; when it finds fewer, the page is
 * taken the other way (walkedPageKeys), and costs the walk's few dozen microseconds more.
 */
const WALK_SPAN = 25;
/** Deeper pages of a search (from the tenth page of 20 on) sort the matches instead. */
const WALK_MAX_ROWS = 200;

/** The walk: in order, the first `needed` matches among the newest `needed * WALK_SPAN` rows, after the cursor. */
function walkedMatches(db: DB, others: Expression<SqlBool> | null, afterCursor: Expression<SqlBool> | null, needed: number) {
  const newest = db
    .selectFrom('queries as q')
    .select([sql.ref<string>('q.rowid').as('k'), 'q.created_at', 'q.id'])
    .$if(!!afterCursor, (qb) => qb.where(afterCursor!));
  return db
    .selectFrom(
      newest
        .orderBy('q.created_at', 'desc')
        .orderBy('q.id', 'desc')
        .limit(needed * WALK_SPAN)
        .as('t'),
    )
    .select(['t.k', 't.created_at', 't.id'])
    .where('t.k', 'in', sql<string>`(select ${sql.ref('m.key')} from ${sql.table('m')})`)
    .$if(!!others, (qb) =>
      qb.where((eb) =>
        eb.exists(eb.selectFrom('queries as q').select(sql.lit(1).as('one')).whereRef(sql.ref('q.rowid'), '=', 't.k').where(others!)),
      ),
    )
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(needed);
}

/**
 * The page's keys: from the walk (the WITH clause w), and when it found fewer rows than the page
 * needs, from every match sorted too. What the walk found is always the start of the matches in
 * order, so the two together are the page. The sorted side reads no match unless the walk fell
 * short: its `in` list is empty then.
 */
function walkedPageKeys(
  db: DB,
  others: Expression<SqlBool> | null,
  afterCursor: Expression<SqlBool> | null,
  offset: number,
  limit: number,
) {
  const needed = offset + limit + 1;
  const found = sql<number>`(select count(*) from ${sql.table('w')})`;
  const walked = db
    .selectFrom(sql<{ k: string; created_at: string; id: string }>`w`.as('w'))
    .select(['w.k', 'w.created_at', 'w.id'])
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(limit + 1)
    .offset(offset);
  const sorted = db
    .selectFrom('queries as q')
    .select([sql.ref<string>('q.rowid').as('k'), 'q.created_at', 'q.id'])
    .where(sql.ref('q.rowid'), 'in', sql<string>`(select ${sql.ref('m.key')} from ${sql.table('m')} where ${found} < ${needed})`)
    .$if(!!others, (qb) => qb.where(others!))
    .$if(!!afterCursor, (qb) => qb.where(afterCursor!));
  const either = db
    .selectFrom(walked.as('a'))
    .selectAll()
    .unionAll(
      db
        .selectFrom(
          sorted
            .orderBy('q.created_at', 'desc')
            .orderBy('q.id', 'desc')
            .limit(limit + 1)
            .offset(offset)
            .as('b'),
        )
        .selectAll(),
    );
  return db.selectFrom(either.as('p')).select('p.k');
}

/**
 * Each sort's order, written on the columns of `q` so that it sorts the page of queries and
 * then the joined page alike. The due order (docs/product.md §15): the earlier of the delivery due time (ISO)
 * and the bid due date (YYYY-MM-DD); both sort as text, and a bare date sorts before any time on
 * that day, which is the safe side.
 */
const ORDERS: Record<ListFilter['sort'], Array<[Expression<unknown>, 'asc' | 'desc']>> = {
  createdAt: [
    [sql.ref('q.created_at'), 'desc'],
    [sql.ref('q.id'), 'desc'],
  ],
  bidDueDate: [
    [UNDATED_SQL, 'asc'],
    [sql.ref('q.created_at'), 'asc'],
    [sql.ref('q.id'), 'asc'],
  ],
  due: [
    [sql`case when q.delivery_due_at is null and q.bid_due_date is null then 1 else 0 end`, 'asc'],
    [
      sql`case when q.delivery_due_at is null then q.bid_due_date when q.bid_due_date is null then q.delivery_due_at when q.delivery_due_at < q.bid_due_date then q.delivery_due_at else q.bid_due_date end`,
      'asc',
    ],
    [sql.ref('q.created_at'), 'asc'],
    [sql.ref('q.id'), 'asc'],
  ],
};

/**
 * The list's total, as a subquery of its statement. Without a search nor an assignee filter: the kept count of its
 * statuses ('open': any but closed; none: all) in query_status_counts. With one: its matches (the
 * WITH clause m), each once, since m may hold a key twice; with a status too, those that have it.
 */
function totalOf(db: DB, status: ListFilter['status'], where: Expression<SqlBool> | null, searching: boolean, assigned = false) {
  if (!searching && !assigned) {
    return db
      .selectFrom('query_status_counts')
      .select((e) => e.fn.coalesce(e.fn.sum<number | string>('n'), e.lit(0)).as('total'))
      .$if(status === 'open', (qb) => qb.where('status', '!=', 'closed'))
      .$if(!!status && status !== 'open', (qb) => qb.where('status', '=', status as QueryStatus));
  }
  // An assignment filter (docs/product.md §25) counts its rows: the kept counts are per status only.
  if (status || assigned) {
    return db
      .selectFrom('queries as q')
      .select((e) => e.fn.countAll<number | string>().as('total'))
      .where(where!);
  }
  return db.selectFrom(sql<{ key: string }>`m`.as('m')).select((e) => e.fn.count<number | string>('m.key').distinct().as('total'));
}

export async function findAdminQuery(db: DB, storage: Storage, id: string): Promise<Query | undefined> {
  return (await loadQueriesByIds(db, storage, [id]))[0];
}

export function listQueriesOfUser(db: DB, storage: Storage, userId: string): Promise<Query[]> {
  return loadQueries(db, storage, { userId });
}

/**
 * Every client who has a query, most recently active first, each with all their queries newest
 * first and in full, a page of `size` clients at a time (the keyset pages below): the unpaged
 * GET /users/with-queries streams these instead of building one answer of every client.
 */
export async function* usersWithQueriesBatches(db: DB, size: number) {
  let cursor: string | undefined;
  do {
    const page = await listUsersWithQueriesPage(db, { limit: size, cursor, full: true });
    yield page.users;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** In a page of clients, each query's message is cut to this preview (the list shows one line). */
export const PREVIEW_CHARS = 120;

/**
 * One page of clients who have queries, most recently active first, optionally
 * those whose name or e-mail contains `q`, each with their queries newest
 * first, messages cut to a preview. A client's place is their newest request,
 * kept on their row (users.last_query_at and last_query_id, by the triggers of
 * migration 20261201T0400): the page walks users_last_query_idx, and a search
 * sorts its matches by those two columns of their rows, so a page costs about
 * the same with 20 clients or 2,000. The cursor is the (created_at, id) of the
 * last client's newest request.
 */
export async function listUsersWithQueriesPage(db: DB, opts: { limit: number; cursor?: string; q?: string; full?: boolean }) {
  let heads = db
    .selectFrom('users as u')
    .select(['u.last_query_id as head_id', 'u.last_query_at as last_at', 'u.id', 'u.full_name', 'u.email', 'u.profile_image'])
    .where('u.last_query_id', 'is not', null)
    .$narrowType<{ head_id: string; last_at: string }>();
  if (opts.q) {
    heads = heads.where(namesContain(db, 'users', 'u', opts.q));
  }
  if (opts.cursor) {
    const [at, id] = decodeCursor(opts.cursor, 2);
    heads = heads.where((eb) => eb(eb.refTuple('u.last_query_at', 'u.last_query_id'), '<', eb.tuple(at!, id!)));
  }
  const rows = await heads
    .orderBy('u.last_query_at', 'desc')
    .orderBy('u.last_query_id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const { page, nextCursor } = nextCursorOf(rows, opts.limit, (r) => [r.last_at, r.head_id]);
  const queries = page.length
    ? await db
        .selectFrom('queries')
        .select([
          'id',
          'user_id',
          'subject',
          opts.full ? sql<string>`message`.as('message') : sql<string>`substr(message, 1, ${sql.lit(PREVIEW_CHARS)})`.as('message'),
          'project_name',
          'status',
          'created_at',
        ])
        .where(
          'user_id',
          'in',
          page.map((u) => u.id),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    : [];
  const byUser = new Map(
    page.map((u) => [
      u.id,
      {
        _id: u.id,
        fullName: u.full_name,
        email: u.email,
        profileImage: u.profile_image,
        queries: [] as {
          _id: string;
          subject: string | null;
          projectName: string | null;
          message: string;
          status: QueryStatus;
          createdAt: string;
        }[],
      },
    ]),
  );
  for (const r of queries)
    byUser.get(r.user_id)?.queries.push({
      _id: r.id,
      subject: r.subject,
      projectName: r.project_name,
      message: r.message,
      status: r.status,
      createdAt: r.created_at,
    });
  return { users: [...byUser.values()], nextCursor };
}

export function findClient(db: DB, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'role'])
    .where('id', '=', id)
    .where('role', '=', 'client')
    .executeTakeFirst();
}

/** `days` calendar days after a day (YYYY-MM-DD), as YYYY-MM-DD. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Monday of the firm's (Miami) week a time falls in, as YYYY-MM-DD. */
export function weekStartOf(date: Date): string {
  const day = firmDay(date);
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** Requests created per week (Miami weeks) over the last `weeks` weeks, counted by their current status. */
export async function weeklyStats(db: DB, weeks: number, now = new Date()) {
  const first = addDays(weekStartOf(now), -7 * (weeks - 1));
  const starts = Array.from({ length: weeks }, (_, i) => addDays(first, 7 * i));
  // The kept counts per hour (migration 20261129T0700): at most 168 rows a week, however many requests.
  const rows = await db
    .selectFrom('query_hour_counts')
    .select(['hour', 'status', 'n'])
    .where('hour', '>=', new Date(firmDayStart(first)).toISOString().slice(0, 13))
    .where('n', '>', 0)
    .execute();
  const buckets = new Map(starts.map((s) => [s, { weekStart: s, pending: 0, in_progress: 0, answered: 0, closed: 0, total: 0 }]));
  for (const r of rows) {
    const bucket = buckets.get(weekStartOf(new Date(`${r.hour}:00:00Z`)));
    if (!bucket) continue;
    bucket[r.status] += Number(r.n);
    bucket.total += Number(r.n);
  }
  return starts.map((s) => buckets.get(s)!);
}
