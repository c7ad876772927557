import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// Lists that cost the same at 100 and at 10,000 requests (docs/performance.md, "Growth"):
// - query_hour_counts keeps, per hour of creation (UTC, 'YYYY-MM-DDTHH') and current status,
//   how many requests there are. The weekly chart reads at most 168 rows a week from it instead
//   of every request of its weeks. Miami's offsets are whole hours, so a Miami week is a run of
//   whole UTC hours. Triggers keep it, as query_status_counts, so every write (a repo, a cascade,
//   a script) moves it in the same transaction;
// - user_role_counts keeps the number of users of each role: the users list's total.

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
    .createTable('query_hour_counts')
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('query_hour_counts_pk', ['hour', 'status'])
    .execute();
  await db.schema
    .createTable('user_role_counts')
    .addColumn('role', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  if (await isPostgres(db)) {
    // A status change moves two rows; it locks them in the order of their statuses, so that two
    // opposite changes in concurrent transactions cannot wait on each other.
    await sql`create function query_hour_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into query_hour_counts (hour, status, n) values (substr(new.created_at, 1, 13), new.status, 1)
            on conflict (hour, status) do update set n = query_hour_counts.n + 1;
        elsif tg_op = 'DELETE' then
          update query_hour_counts set n = n - 1 where hour = substr(old.created_at, 1, 13) and status = old.status;
        elsif old.status is distinct from new.status or old.created_at is distinct from new.created_at then
          if old.status < new.status then
            update query_hour_counts set n = n - 1 where hour = substr(old.created_at, 1, 13) and status = old.status;
          end if;
          insert into query_hour_counts (hour, status, n) values (substr(new.created_at, 1, 13), new.status, 1)
            on conflict (hour, status) do update set n = query_hour_counts.n + 1;
          if old.status >= new.status then
            update query_hour_counts set n = n - 1 where hour = substr(old.created_at, 1, 13) and status = old.status;
          end if;
        end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger queries_hour_count after insert or delete or update of status, created_at on queries
      for each row execute function query_hour_counts_track()`.execute(db);
    await sql`create function user_role_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into user_role_counts (role, n) values (new.role, 1)
            on conflict (role) do update set n = user_role_counts.n + 1;
        elsif tg_op = 'DELETE' then
          update user_role_counts set n = n - 1 where role = old.role;
        elsif old.role is distinct from new.role then
          if old.role < new.role then
            update user_role_counts set n = n - 1 where role = old.role;
          end if;
          insert into user_role_counts (role, n) values (new.role, 1)
            on conflict (role) do update set n = user_role_counts.n + 1;
          if old.role > new.role then
            update user_role_counts set n = n - 1 where role = old.role;
          end if;
        end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger users_role_count after insert or delete or update of role on users
      for each row execute function user_role_counts_track()`.execute(db);
  } else {
    const addHour = sql`insert into query_hour_counts (hour, status, n) values (substr(new.created_at, 1, 13), new.status, 1)
      on conflict (hour, status) do update set n = query_hour_counts.n + 1;`;
    const dropHour = sql`update query_hour_counts set n = n - 1 where hour = substr(old.created_at, 1, 13) and status = old.status;`;
    await sql`create trigger queries_hour_count_insert after insert on queries begin ${addHour} end`.execute(db);
    await sql`create trigger queries_hour_count_delete after delete on queries begin ${dropHour} end`.execute(db);
    await sql`create trigger queries_hour_count_update after update of status, created_at on queries
      when old.status is not new.status or old.created_at is not new.created_at begin ${dropHour} ${addHour} end`.execute(db);
    const addRole = sql`insert into user_role_counts (role, n) values (new.role, 1)
      on conflict (role) do update set n = user_role_counts.n + 1;`;
    const dropRole = sql`update user_role_counts set n = n - 1 where role = old.role;`;
    await sql`create trigger users_role_count_insert after insert on users begin ${addRole} end`.execute(db);
    await sql`create trigger users_role_count_delete after delete on users begin ${dropRole} end`.execute(db);
    await sql`create trigger users_role_count_update after update of role on users
      when old.role is not new.role begin ${dropRole} ${addRole} end`.execute(db);
  }
  await sql`insert into query_hour_counts (hour, status, n)
    select substr(created_at, 1, 13), status, count(*) from queries group by substr(created_at, 1, 13), status`.execute(db);
  await sql`insert into user_role_counts (role, n) select role, count(*) from users group by role`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop trigger if exists queries_hour_count on queries`.execute(db);
    await sql`drop function if exists query_hour_counts_track()`.execute(db);
    await sql`drop trigger if exists users_role_count on users`.execute(db);
    await sql`drop function if exists user_role_counts_track()`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.id(`queries_hour_count_${t}`)}`.execute(db);
      await sql`drop trigger if exists ${sql.id(`users_role_count_${t}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('query_hour_counts').ifExists().execute();
  await db.schema.dropTable('user_role_counts').ifExists().execute();
}
