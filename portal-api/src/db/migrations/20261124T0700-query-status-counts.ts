import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The admin queue's `total`. Counting the requests of a status read
// every entry of an index on each call: at 10,000 requests 0.66 ms of
// PostgreSQL's time for all of them and 1.07 ms for one status, the largest
// part of a page (docs/performance.md). The counts are kept
// per status in query_status_counts by triggers, so that every write to
// queries, whoever makes it (a repo, a cascade from a deleted client, a
// script), moves them in the same transaction; a page reads a few rows.

async function isPostgres(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false; // SQLite has no version() function
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('query_status_counts')
    .addColumn('status', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  if (await isPostgres(db)) {
    // A status change moves two rows; it locks them in the order of their names, so that two
    // opposite changes in concurrent transactions cannot wait on each other.
    await sql`create function query_status_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into query_status_counts (status, n) values (new.status, 1)
            on conflict (status) do update set n = query_status_counts.n + 1;
        elsif tg_op = 'DELETE' then
          update query_status_counts set n = n - 1 where status = old.status;
        elsif old.status is distinct from new.status then
          if old.status < new.status then
            update query_status_counts set n = n - 1 where status = old.status;
          end if;
          insert into query_status_counts (status, n) values (new.status, 1)
            on conflict (status) do update set n = query_status_counts.n + 1;
          if old.status > new.status then
            update query_status_counts set n = n - 1 where status = old.status;
          end if;
        end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger queries_status_count after insert or delete or update of status on queries
      for each row execute function query_status_counts_track()`.execute(db);
  } else {
    const add = sql`insert into query_status_counts (status, n) values (new.status, 1)
      on conflict (status) do update set n = query_status_counts.n + 1;`;
    await sql`create trigger queries_status_count_insert after insert on queries begin ${add} end`.execute(db);
    await sql`create trigger queries_status_count_delete after delete on queries begin
      update query_status_counts set n = n - 1 where status = old.status;
    end`.execute(db);
    await sql`create trigger queries_status_count_update after update of status on queries
      when old.status is not new.status begin
      update query_status_counts set n = n - 1 where status = old.status;
      ${add}
    end`.execute(db);
  }
  await sql`insert into query_status_counts (status, n) select status, count(*) from queries group by status`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop trigger if exists queries_status_count on queries`.execute(db);
    await sql`drop function if exists query_status_counts_track()`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.id(`queries_status_count_${t}`)}`.execute(db);
  }
  await db.schema.dropTable('query_status_counts').ifExists().execute();
}
