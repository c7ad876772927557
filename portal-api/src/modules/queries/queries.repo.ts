import { sql, type AliasedSelectQueryBuilder, type Kysely, type QueryCreator, type Selectable, type Transaction } from 'kysely';
import type { Database, FileKind, QueryFilesTable, QueryRow, QueryStatus } from '../../db/schema.ts';
import { forUpdate } from '../../db/row-lock.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Storage, StoredFile } from '../../lib/storage.ts';
import { addendaOf, toFileSets, type AddendumRow } from '../files/files.repo.ts';
import { revisionsOf, toRevisions, type RevisionRow } from '../deliverables/deliverables.repo.ts';
import { quotesOf, toQuote, type QuoteRow } from '../quotes/quotes.repo.ts';
import { CHAT_FILE_SET, CHAT_FILE_SET_LABEL, outcomeError } from './queries.rules.ts';
import type { Query } from './queries.schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The joined row every query read starts from: the query, its client, its service titles.
 * With `page` (a list's page of queries rows, aliased q, already sorted and limited), only those
 * rows are joined; `db` may then be a query creator with the WITH clause that `page` reads.
 */
export function baseSelect(db: Pick<QueryCreator<Database>, 'selectFrom'>, page?: AliasedSelectQueryBuilder<QueryRow, 'q'>) {
  // The page selects every column of queries, so it reads as the table itself.
  const from = (page ?? 'queries as q') as 'queries as q';
  return db
    .selectFrom(from)
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .leftJoin('services as s', 's.id', 'q.service_id')
    .leftJoin('services as ss', 'ss.id', 'q.subservice_id')
    .leftJoin('users as a', 'a.id', 'q.assignee_id')
    .select([
      'q.id',
      'q.user_id',
      'q.subject',
      'q.message',
      'q.service_id',
      'q.subservice_id',
      'q.status',
      'q.bid_due_date',
      'q.created_at',
      'q.updated_at',
      'u.full_name as user_full_name',
      'u.email as user_email',
      's.title as service_title',
      'ss.title as subservice_title',
      'q.service_label',
      'q.subservice_label',
      'q.project_name',
      'q.location',
      'q.delivery_due_at',
      'q.first_answered_at',
      'q.outcome',
      'q.outcome_margin_pct',
      'q.outcome_at',
      'q.assignee_id',
      'a.full_name as assignee_full_name',
    ]);
}
export type QueryJoinedRow = Awaited<ReturnType<ReturnType<typeof baseSelect>['executeTakeFirstOrThrow']>>;
/** A file of a request as the lists read it; the sheet index (docs/product.md §14) only where it is read too. */
export type QueryFileRow = Pick<
  Selectable<QueryFilesTable>,
  'id' | 'query_id' | 'kind' | 'name' | 'storage_key' | 'size' | 'type' | 'file_set' | 'revision' | 'created_at'
> &
  Partial<Pick<Selectable<QueryFilesTable>, 'index_status' | 'index_summary'>>;

/** The bid workflow's arrays of a Query JSON, which a page of the admin queue sums up instead. */
type QueryWorkflow = Pick<Query, 'quotes' | 'fileSets' | 'revisions'>;
/** A Query JSON without the bid workflow's arrays. */
export type QueryFields = Omit<Query, keyof QueryWorkflow>;

/** Row → the Query JSON of the OpenAPI document. Private files get short-lived signed links. */
export function toQuery(row: QueryJoinedRow, files: QueryFileRow[], storage: Storage, related?: Related): Query {
  return { ...toQueryFields(row, files, storage), ...toWorkflow(row, files, related, storage) };
}

/** Row → the Query JSON without its quotes, file sets and revisions. */
export function toQueryFields(row: QueryJoinedRow, files: QueryFileRow[], storage: Storage, now = new Date()): QueryFields {
  const toFile = (f: QueryFileRow) => ({
    ...linkTo(f, storage),
    ...(f.index_status ? { index: { status: f.index_status, summary: f.index_summary ?? null } } : {}),
  });
  return {
    _id: row.id,
    subject: row.subject,
    message: row.message,
    // A service an admin deleted leaves only its title, kept as text on closed requests (empty _id: no link).
    service:
      row.service_id && row.service_title != null
        ? { _id: row.service_id, title: row.service_title }
        : row.service_label
          ? { _id: '', title: row.service_label }
          : null,
    subservice:
      row.subservice_id && row.subservice_title != null
        ? { _id: row.subservice_id, title: row.subservice_title }
        : row.subservice_label
          ? { _id: '', title: row.subservice_label }
          : null,
    files: files.filter((f) => f.kind === 'attachment').map(toFile),
    deliverables: files.filter((f) => f.kind === 'deliverable').map(toFile),
    status: row.status,
    bidDueDate: row.bid_due_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    user: { _id: row.user_id, fullName: row.user_full_name, email: row.user_email },
    assignee: row.assignee_id && row.assignee_full_name != null ? { _id: row.assignee_id, fullName: row.assignee_full_name } : null,
    projectName: row.project_name,
    location: row.location,
    deliveryDueAt: row.delivery_due_at,
    outcome: {
      value: row.outcome,
      marginPct: row.outcome_margin_pct === null ? null : Number(row.outcome_margin_pct),
      recordedAt: row.outcome_at,
      canRecord:
        outcomeError(
          { status: row.status, firstAnsweredAt: row.first_answered_at, bidDueDate: row.bid_due_date, outcome: row.outcome },
          now,
        ) === null,
    },
  };
}

/** One file as a signed link. */
function linkTo(f: QueryFileRow, storage: Storage): FileLink {
  return { _id: f.id, name: f.name, url: storage.signedUrl(f.storage_key, f.name), size: f.size, type: f.type };
}

export async function filesFor(db: Executor, queryIds: string[]): Promise<Map<string, QueryFileRow[]>> {
  const byQuery = new Map<string, QueryFileRow[]>();
  for (let i = 0; i < queryIds.length; i += 500) {
    const chunk = queryIds.slice(i, i + 500);
    const rows = await db
      .selectFrom('query_files')
      .select([
        'id',
        'query_id',
        'kind',
        'name',
        'storage_key',
        'size',
        'type',
        'file_set',
        'revision',
        'created_at',
        'index_status',
        'index_summary',
      ])
      .where('query_id', 'in', chunk)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const list = byQuery.get(row.query_id) ?? [];
      list.push(row);
      byQuery.set(row.query_id, list);
    }
  }
  return byQuery;
}

/** Query JSON for joined rows (baseSelect), with their files and lifecycle rows, in the rows' order. */
export async function withFiles(db: Executor, storage: Storage, rows: QueryJoinedRow[]): Promise<Query[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [files, related] = await Promise.all([filesFor(db, ids), loadRelated(db, ids)]);
  return rows.map((r) => toQuery(r, files.get(r.id) ?? [], storage, related.get(r.id)));
}

/** companyId: one company's requests (queries.access.ts companyScope); userId: one author's (the admin's client view). */
export type QueryFilter = { companyId?: string; userId?: string; statuses?: QueryStatus[]; page?: { limit: number; offset: number } };

/** Queries newest first, optionally one client's and/or some statuses, optionally one offset page of them. */
export async function loadQueries(db: Executor, storage: Storage, filter: QueryFilter = {}): Promise<Query[]> {
  let qb = baseSelect(db);
  if (filter.companyId !== undefined) qb = qb.where('q.company_id', '=', filter.companyId);
  if (filter.userId) qb = qb.where('q.user_id', '=', filter.userId);
  if (filter.statuses?.length) qb = qb.where('q.status', 'in', filter.statuses);
  qb = qb.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc');
  if (filter.page) qb = qb.limit(filter.page.limit).offset(filter.page.offset);
  return withFiles(db, storage, await qb.execute());
}

/** Queries by id, in the order of `ids` (for callers that page or sort themselves). */
export async function loadQueriesByIds(db: Executor, storage: Storage, ids: string[]): Promise<Query[]> {
  const rows: QueryJoinedRow[] = [];
  for (let i = 0; i < ids.length; i += 500)
    rows.push(
      ...(await baseSelect(db)
        .where('q.id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  const byId = new Map((await withFiles(db, storage, rows)).map((q) => [q._id, q]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type QueryAccessRow = Pick<QueryRow, 'id' | 'user_id' | 'company_id' | 'status' | 'message' | 'first_answered_at'>;

/**
 * The bare row of a query, to check who may see it (queries.public.ts). Every call about a request
 * and every chat message starts here, so it is written as SQL (docs/decisions/0014-hot-statements-as-sql.md).
 */
export async function findQueryRow(db: Executor, id: string): Promise<QueryAccessRow | undefined> {
  const { rows } = await sql<QueryAccessRow>`
    select id, user_id, company_id, status, message, first_answered_at from queries where id = ${id}`.execute(db);
  return rows[0];
}

/** What a workflow step reads of its request, with its client's name and e-mail. */
export type StepRequest = NonNullable<Awaited<ReturnType<typeof lockRequest>>>;

/**
 * The request a workflow step acts on, its row locked until the commit (db/row-lock.ts): every
 * step locks the request first, so two steps at once run one after the other and never wait on
 * each other in opposite orders.
 */
export function lockRequest(trx: Executor, id: string) {
  const read = trx
    .selectFrom('queries as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select([
      'q.id',
      'q.user_id',
      'q.company_id',
      'q.status',
      'q.message',
      'q.project_name',
      'q.bid_due_date',
      'q.first_answered_at',
      'q.outcome',
      'q.created_at',
      'q.updated_at',
      'u.email',
      'u.full_name',
    ])
    .where('q.id', '=', id);
  return forUpdate(trx, read, 'q').executeTakeFirst();
}

/** Moves a request from `from` to `to`; false when it is no longer `from` (a concurrent change). */
export async function setQueryStatus(trx: Executor, id: string, from: QueryStatus, to: QueryStatus): Promise<boolean> {
  const result = await trx
    .updateTable('queries')
    .set({ status: to, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets (or clears) the delivery due time of a request. */
export async function setDeliveryDue(trx: Executor, id: string, dueAt: string | null): Promise<void> {
  await trx.updateTable('queries').set({ delivery_due_at: dueAt, updated_at: nowIso() }).where('id', '=', id).execute();
}

export type NewQuery = {
  userId: string;
  subject?: string;
  message: string;
  serviceId: string;
  subserviceId: string | null;
  bidDueDate: string | null;
  projectName?: string;
  location?: string;
};

export async function insertQuery(trx: Executor, input: NewQuery): Promise<string> {
  const id = newId();
  const now = nowIso();
  await trx
    .insertInto('queries')
    .values((eb) => ({
      id,
      user_id: input.userId,
      // The author's company owns the request from now on (queries.access.ts).
      company_id: eb.selectFrom('users').select('company_id').where('id', '=', input.userId),
      subject: input.subject ?? null,
      message: input.message,
      service_id: input.serviceId,
      subservice_id: input.subserviceId,
      status: 'pending',
      bid_due_date: input.bidDueDate,
      created_at: now,
      updated_at: now,
      project_name: input.projectName ?? null,
      location: input.location ?? null,
      last_activity_at: now,
    }))
    .execute();
  // The author follows their request: its mails go to them (docs/product.md, "Colleagues").
  await trx.insertInto('query_followers').values({ query_id: id, user_id: input.userId, created_at: now }).execute();
  return id;
}

export async function insertQueryFiles(
  trx: Executor,
  queryId: string,
  kind: FileKind,
  files: StoredFile[],
  uploadedBy: string | null,
  place: { fileSet?: number; revision?: string } = {},
): Promise<void> {
  if (!files.length) return;
  // Ids are random: one millisecond apart keeps the upload order when reading back by created_at.
  const base = Date.now();
  await trx
    .insertInto('query_files')
    .values(
      files.map((f, i) => ({
        id: newId(),
        query_id: queryId,
        kind,
        name: f.name,
        storage_key: f.key,
        size: f.size,
        type: f.type,
        uploaded_by: uploadedBy,
        created_at: nowIso(new Date(base + i)),
        file_set: place.fileSet ?? 0,
        revision: place.revision ?? null,
        // A chat file is not a plan: the sheet index never reads it.
        ...(kind === 'chat' ? { index_status: 'done' as const } : {}),
      })),
    )
    .execute();
}

/** Marks a query as changed (a new message, a new file) so lists sorted by activity see it. */
export async function touchQuery(trx: Executor, id: string): Promise<void> {
  await trx.updateTable('queries').set({ updated_at: nowIso() }).where('id', '=', id).execute();
}

/** The request file or deliverable stored under `key`, with its request's company (through query_files_storage_key_idx). */
export function findFileByStorageKey(db: Executor, key: string) {
  return db
    .selectFrom('query_files as f')
    .innerJoin('queries as q', 'q.id', 'f.query_id')
    .select(['f.name', 'q.company_id'])
    .where('f.storage_key', '=', key)
    .executeTakeFirst();
}

/** What a signed link's viewer is now: role, status and company (queries.access.ts linkViewerMaySee). */
export function findLinkViewer(db: Executor, userId: string) {
  return db.selectFrom('users').select(['role', 'status', 'company_id']).where('id', '=', userId).executeTakeFirst();
}

/** Which of these storage keys a query file still names (the start-up sweep keeps those). */
export async function referencedStorageKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.selectFrom('query_files').select('storage_key').where('storage_key', 'in', keys).execute();
  return new Set(rows.map((r) => r.storage_key));
}

/** The quotes, addenda and revisions of some requests, by request. */
export type Related = { quotes: QuoteRow[]; addenda: AddendumRow[]; revisions: RevisionRow[] };

async function loadRelated(db: Executor, ids: string[]): Promise<Map<string, Related>> {
  const byQuery = new Map<string, Related>(ids.map((id) => [id, { quotes: [], addenda: [], revisions: [] }]));
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const [quotes, addenda, revisions] = await Promise.all([quotesOf(db, chunk), addendaOf(db, chunk), revisionsOf(db, chunk)]);
    for (const q of quotes) byQuery.get(q.query_id)?.quotes.push(q);
    for (const a of addenda) byQuery.get(a.query_id)?.addenda.push(a);
    for (const r of revisions) byQuery.get(r.query_id)?.revisions.push(r);
  }
  return byQuery;
}

type FileLink = { _id: string; name: string; url: string; size: number; type: string };

/** Files sent in the chat, as one more set after the plans: 'From chat' (number -1), only when there are some. */
function chatFileSet(files: QueryFileRow[], link: (f: QueryFileRow) => FileLink) {
  const chat = files.filter((f) => f.kind === 'chat');
  if (!chat.length) return [];
  return [{ number: CHAT_FILE_SET, label: CHAT_FILE_SET_LABEL, note: null, createdAt: chat[0]!.created_at, files: chat.map(link) }];
}

/** The bid workflow's arrays of one Query JSON: its quotes, file sets (plans, addenda, chat) and revisions. */
function toWorkflow(row: QueryJoinedRow, files: QueryFileRow[], related: Related | undefined, storage: Storage): QueryWorkflow {
  const link = (f: QueryFileRow) => linkTo(f, storage);
  return {
    quotes: (related?.quotes ?? []).map(toQuote),
    fileSets: [
      ...toFileSets(
        row.created_at,
        files.filter((f) => f.kind === 'attachment'),
        related?.addenda ?? [],
        link,
      ),
      ...chatFileSet(files, link),
    ],
    revisions: toRevisions(
      files.filter((f) => f.kind === 'deliverable'),
      related?.revisions ?? [],
      link,
    ),
  };
}
