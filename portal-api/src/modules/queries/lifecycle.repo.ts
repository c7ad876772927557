import type { Kysely, Transaction } from 'kysely';
import type { BidOutcome, Database, QueryStatus } from '../../db/schema.ts';
import type { Storage } from '../../lib/storage.ts';
import { fileSetLabel, outcomeError } from './lifecycle-transitions.ts';
import type { QueryLifecycle, Quote } from './lifecycle.schema.ts';
import type { QueryFileRow } from './queries.repo.ts';

type Executor = Kysely<Database> | Transaction<Database>;

// Issue 13, the read side: quotes, file sets and revisions of many queries in
// three batched reads, turned into the fields every Query JSON carries.

export type LifecycleRow = {
  id: string;
  status: QueryStatus;
  first_answered_at: string | null;
  bid_due_date: string | null;
  project_name: string | null;
  location: string | null;
  delivery_due_at: string | null;
  outcome: BidOutcome | null;
  outcome_margin_pct: number | null;
  outcome_at: string | null;
  created_at: string;
};
/** The file columns toLifecycle reads: a query_files row as the queries repo reads it. */
export type LifecycleFileRow = Pick<
  QueryFileRow,
  'id' | 'kind' | 'name' | 'storage_key' | 'size' | 'type' | 'file_set' | 'revision' | 'created_at'
>;
type QuoteRow = Awaited<ReturnType<typeof selectQuotes>>[number];
export type Related = {
  quotes: QuoteRow[];
  addenda: { query_id: string; number: number; note: string | null; created_at: string }[];
  revisions: RevisionRow[];
};
type RevisionRow = {
  query_id: string;
  letter: string;
  reason: string | null;
  change_note: string | null;
  requested_at: string;
  answered_at: string | null;
};

function selectQuotes(db: Executor, ids: string[]) {
  return db.selectFrom('quotes').selectAll().where('query_id', 'in', ids).orderBy('sent_at', 'desc').orderBy('id').execute();
}

export function toQuote(row: QuoteRow): Quote {
  return {
    _id: row.id,
    query: row.query_id,
    state: row.state,
    currency: 'USD',
    priceCents: Number(row.price_cents),
    standardHours: Number(row.standard_hours),
    rushPriceCents: row.rush_price_cents === null ? null : Number(row.rush_price_cents),
    rushHours: row.rush_hours === null ? null : Number(row.rush_hours),
    note: row.note,
    sentAt: row.sent_at,
    acceptedOption: row.accepted_option,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    declineReason: row.decline_reason,
  };
}

/** Quotes, addenda and revisions of these queries, grouped by query id. */
export async function loadRelated(db: Executor, ids: string[]): Promise<Map<string, Related>> {
  const byQuery = new Map<string, Related>(ids.map((id) => [id, { quotes: [], addenda: [], revisions: [] }]));
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const [quotes, addenda, revisions] = await Promise.all([
      selectQuotes(db, chunk),
      db
        .selectFrom('query_addenda')
        .select(['query_id', 'number', 'note', 'created_at'])
        .where('query_id', 'in', chunk)
        .orderBy('number')
        .execute(),
      db
        .selectFrom('query_revisions')
        .select(['query_id', 'letter', 'reason', 'change_note', 'requested_at', 'answered_at'])
        .where('query_id', 'in', chunk)
        .orderBy('requested_at')
        .orderBy('letter')
        .execute(),
    ]);
    for (const q of quotes) byQuery.get(q.query_id)?.quotes.push(q);
    for (const a of addenda) byQuery.get(a.query_id)?.addenda.push({ ...a, number: Number(a.number) });
    for (const r of revisions) byQuery.get(r.query_id)?.revisions.push(r);
  }
  return byQuery;
}

/** The issue-13 fields of one Query JSON. */
export function toLifecycle(
  row: LifecycleRow,
  files: LifecycleFileRow[],
  related: Related | undefined,
  storage: Storage,
  now = new Date(),
): QueryLifecycle {
  const toFile = (f: LifecycleFileRow) => ({
    _id: f.id,
    name: f.name,
    url: storage.signedUrl(f.storage_key, f.name),
    size: f.size,
    type: f.type,
  });
  const attachments = files.filter((f) => f.kind === 'attachment');
  const setNumbers = [
    ...new Set([0, ...attachments.map((f) => Number(f.file_set)), ...(related?.addenda ?? []).map((a) => a.number)]),
  ].sort((a, b) => a - b);
  const fileSets = setNumbers.map((number) => {
    const addendum = related?.addenda.find((a) => a.number === number);
    const setFiles = attachments.filter((f) => Number(f.file_set) === number);
    return {
      number,
      label: fileSetLabel(number),
      note: addendum?.note ?? null,
      createdAt: addendum?.created_at ?? (number === 0 ? row.created_at : (setFiles[0]?.created_at ?? null)),
      files: setFiles.map(toFile),
    };
  });

  // Deliverables from before revisions existed (revision null) belong to Rev A.
  const deliverables = files.filter((f) => f.kind === 'deliverable');
  const letters = [...new Set([...(related?.revisions ?? []).map((r) => r.letter), ...deliverables.map((f) => f.revision ?? 'A')])];
  letters.sort((a, b) => a.length - b.length || a.localeCompare(b));
  const revisions = letters.map((letter) => {
    const rev = related?.revisions.find((r) => r.letter === letter);
    const revFiles = deliverables.filter((f) => (f.revision ?? 'A') === letter);
    return {
      letter,
      label: `Rev ${letter}`,
      reason: rev?.reason ?? null,
      changeNote: rev?.change_note ?? null,
      requestedAt: rev?.requested_at ?? null,
      answeredAt: rev?.answered_at ?? revFiles.at(-1)?.created_at ?? null,
      files: revFiles.map(toFile),
    };
  });

  return {
    projectName: row.project_name,
    location: row.location,
    deliveryDueAt: row.delivery_due_at,
    quotes: (related?.quotes ?? []).map(toQuote),
    fileSets,
    revisions,
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

/** What a lifecycle frame tells both sides: the request's status and delivery due time. */
export function findLifecycleState(db: Executor, queryId: string) {
  return db
    .selectFrom('queries')
    .select(['status', 'delivery_due_at', 'user_id', 'project_name'])
    .where('id', '=', queryId)
    .executeTakeFirst();
}
