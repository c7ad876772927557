import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The admin's client list (GET /users/with-queries) orders clients by their newest request. Found
// for each client with a lookup of its newest request, a name search paid that lookup for every
// client it matched before it could keep 20: a word in 125 of 2,000 names cost about 1.2 ms more
// than in 1 of 20 (docs/performance.md). Each client's newest request (its time and id) is now kept
// on the client's row by triggers, so that every write to queries, whoever makes it (a repo, a
// cascade, a script), moves it in the same transaction, and the list walks an index of it.

async function isPostgres(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false; // SQLite has no version() function
  }
}

/** The newest request of the users row being updated, as (created_at, id). */
const NEWEST = sql`(select q.created_at, q.id from queries q where q.user_id = users.id order by q.created_at desc, q.id desc limit 1)`;

/** A deleted request that was its client's newest: the next newest takes its place. */
const AFTER_DELETE = sql`update users set (last_query_at, last_query_id) = ${NEWEST} where id = old.user_id and last_query_id = old.id`;
/** A request moved in time or to another client: both clients' newest are found again. */
const AFTER_MOVE = sql`update users set (last_query_at, last_query_id) = ${NEWEST} where id in (old.user_id, new.user_id)`;
/** A new request becomes its client's newest unless the kept one is newer. */
const TAKE_NEW = sql`update users set last_query_at = new.created_at, last_query_id = new.id
  where id = new.user_id and (last_query_id is null or (last_query_at, last_query_id) < (new.created_at, new.id))`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_query_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('last_query_id', 'text').execute();
  if (await isPostgres(db)) {
    await sql`create function users_last_query_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${TAKE_NEW};
        elsif tg_op = 'DELETE' then
          ${AFTER_DELETE};
        else
          ${AFTER_MOVE};
        end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger users_last_query_insert_delete after insert or delete on queries
      for each row execute function users_last_query_track()`.execute(db);
    await sql`create trigger users_last_query_update after update of created_at, user_id on queries
      for each row when (old.created_at is distinct from new.created_at or old.user_id is distinct from new.user_id)
      execute function users_last_query_track()`.execute(db);
  } else {
    await sql`create trigger users_last_query_insert after insert on queries begin ${TAKE_NEW}; end`.execute(db);
    await sql`create trigger users_last_query_delete after delete on queries begin
      ${AFTER_DELETE};
    end`.execute(db);
    await sql`create trigger users_last_query_update after update of created_at, user_id on queries
      when old.created_at is not new.created_at or old.user_id is not new.user_id begin
      ${AFTER_MOVE};
    end`.execute(db);
  }
  await sql`update users set (last_query_at, last_query_id) = ${NEWEST}`.execute(db);
  await sql`create index users_last_query_idx on users (last_query_at, last_query_id) where last_query_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_last_query_idx`.execute(db);
  if (await isPostgres(db)) {
    await sql`drop trigger if exists users_last_query_insert_delete on queries`.execute(db);
    await sql`drop trigger if exists users_last_query_update on queries`.execute(db);
    await sql`drop function if exists users_last_query_track()`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.id(`users_last_query_${t}`)}`.execute(db);
  }
  await db.schema.alterTable('users').dropColumn('last_query_id').execute();
  await db.schema.alterTable('users').dropColumn('last_query_at').execute();
}
