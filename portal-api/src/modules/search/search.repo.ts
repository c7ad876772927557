import type { DB } from '../../db/database.ts';
import { namesContain, queryTextMatches, sourceTextMatches } from '../../db/search.ts';
import type { SearchField } from './search.snippet.ts';

// The one search box (docs/product.md, "Search"): each source is read through its own full-text
// or trigram index (db/search.ts), newest first, at most `cap` rows each, and only within one
// company's requests when `companyId` is given (queries/queries.access.ts companyScope). Every
// statement starts from an index, so its cost follows the matches it keeps, not the data.

export type Hit = { queryId: string; createdAt: string; field: SearchField; text: string };

export async function searchHits(db: DB, text: string, companyId: string | null, cap: number): Promise<Hit[]> {
  const scoped = <T extends { where: (...args: any[]) => T }>(qb: T): T =>
    companyId === null ? qb : qb.where('q.company_id', '=', companyId);
  // Across every company, each index hands over only its newest `cap` matches (db/search.ts
  // ftsRowids), so a common word costs `cap` rows; within one company, its own rows are few.
  const newest = companyId === null ? cap : undefined;
  const words = queryTextMatches(db, text, newest);
  const chat = sourceTextMatches(db, 'chat', 'm', text, newest);
  const file = sourceTextMatches(db, 'file', 'f', text, newest);
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
    chat
      ? scoped(
          db
            .selectFrom('chat_messages as m')
            .innerJoin('queries as q', 'q.id', 'm.query_id')
            .select(['m.query_id', 'q.created_at', 'm.message'])
            .where(chat),
        )
          .orderBy('m.created_at', 'desc')
          .limit(cap)
          .execute()
      : [],
    file
      ? scoped(
          db
            .selectFrom('query_files as f')
            .innerJoin('queries as q', 'q.id', 'f.query_id')
            .select(['f.query_id', 'q.created_at', 'f.name', 'f.sheet_titles'])
            .where(file),
        )
          .orderBy('f.created_at', 'desc')
          .limit(cap)
          .execute()
      : [],
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
