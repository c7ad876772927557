import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The admin search on SQLite, index-driven in its substring branches
// too. The words of the subject and message already go through queries_fts
// (migration 0600); the project name, the location and the client's name and
// e-mail were matched by `like '%…%'` over every row, twice per search (its
// count and its page): 3.7 of the 6.5 ms of a search at 10,000 requests.
// FTS5's trigram tokenizer indexes every three characters of a text, so a
// phrase of three characters or more finds the rows that contain it
// (https://sqlite.org/fts5.html#the_trigram_tokenizer); db/search.ts uses these
// tables to pick the candidates, and the `like` test stays as the final word.
// PostgreSQL is unchanged: its trigram indexes came with migration 1700.

async function isPostgres(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false; // SQLite has no version() function
  }
}

/** [fts table, content table, its two searched columns] */
const TABLES = [
  ['queries_names', 'queries', 'project_name', 'location'],
  ['users_names', 'users', 'full_name', 'email'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) return;
  for (const [fts, table, a, b] of TABLES) {
    const [t, f, ca, cb] = [sql.table(table), sql.table(fts), sql.ref(a), sql.ref(b)];
    const [na, nb, oa, ob] = [sql.ref(`new.${a}`), sql.ref(`new.${b}`), sql.ref(`old.${a}`), sql.ref(`old.${b}`)];
    // External content: the FTS table keeps only its index; triggers keep it in step.
    await sql`create virtual table ${f} using fts5(${ca}, ${cb}, content=${sql.lit(table)}, content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${fts}_insert`)} after insert on ${t} begin
      insert into ${f}(rowid, ${ca}, ${cb}) values (new.rowid, ${na}, ${nb});
    end`.execute(db);
    await sql`create trigger ${sql.id(`${fts}_delete`)} after delete on ${t} begin
      insert into ${f}(${f}, rowid, ${ca}, ${cb}) values ('delete', old.rowid, ${oa}, ${ob});
    end`.execute(db);
    await sql`create trigger ${sql.id(`${fts}_update`)} after update of ${ca}, ${cb} on ${t} begin
      insert into ${f}(${f}, rowid, ${ca}, ${cb}) values ('delete', old.rowid, ${oa}, ${ob});
      insert into ${f}(rowid, ${ca}, ${cb}) values (new.rowid, ${na}, ${nb});
    end`.execute(db);
    await sql`insert into ${f}(${f}) values ('rebuild')`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) return;
  for (const [fts] of TABLES) {
    for (const suffix of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.id(`${fts}_${suffix}`)}`.execute(db);
    await sql`drop table if exists ${sql.table(fts)}`.execute(db);
  }
}
