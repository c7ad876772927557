import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { StoredFile } from '../../lib/storage.ts';
import { fileSetLabel } from '../queries/queries.rules.ts';
import type { FileSet } from './files.schema.ts';

// A request's sets of plans: set 0 is the original submission, each addendum the next number.

type Executor = Kysely<Database> | Transaction<Database>;
export type AddendumRow = { query_id: string; number: number; note: string | null; created_at: string };

/** The addenda of these requests, by number. */
export async function addendaOf(db: Executor, queryIds: string[]): Promise<AddendumRow[]> {
  const rows = await db
    .selectFrom('query_addenda')
    .select(['query_id', 'number', 'note', 'created_at'])
    .where('query_id', 'in', queryIds)
    .orderBy('number')
    .execute();
  return rows.map((a) => ({ ...a, number: Number(a.number) }));
}

/** The number the next addendum of a request takes. Read under the request's lock (queries.step.ts). */
export async function nextAddendumNumber(trx: Executor, queryId: string): Promise<number> {
  const last = await trx
    .selectFrom('query_addenda')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('query_id', '=', queryId)
    .executeTakeFirst();
  return Number(last?.n ?? 0) + 1;
}

export async function insertAddendum(
  trx: Executor,
  a: { queryId: string; number: number; note: string | null; by: string },
): Promise<void> {
  await trx
    .insertInto('query_addenda')
    .values({ id: newId(), query_id: a.queryId, number: a.number, note: a.note, created_by: a.by, created_at: nowIso() })
    .execute();
}

type SetFile = { id: string; file_set: number; created_at: string };

/** The attachments of a request grouped into its sets, the original first. */
export function toFileSets<F extends SetFile, L>(createdAt: string, attachments: F[], addenda: AddendumRow[], link: (f: F) => L) {
  const numbers = [...new Set([0, ...attachments.map((f) => Number(f.file_set)), ...addenda.map((a) => a.number)])].sort((a, b) => a - b);
  return numbers.map((number): Omit<FileSet, 'files'> & { files: L[] } => {
    const addendum = addenda.find((a) => a.number === number);
    const files = attachments.filter((f) => Number(f.file_set) === number);
    return {
      number,
      label: fileSetLabel(number),
      note: addendum?.note ?? null,
      createdAt: addendum?.created_at ?? (number === 0 ? createdAt : (files[0]?.created_at ?? null)),
      files: files.map(link),
    };
  });
}

/**
 * "Reuse these plans": those of `ids` that are attachments of the company's earlier requests, as
 * stored files to attach again without an upload, in the order of `ids`. Unknown ids and other
 * clients' files are left out: the caller refuses a list that comes back shorter.
 */
export async function findOwnAttachments(db: Executor, companyId: string, ids: string[]): Promise<StoredFile[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('query_files as f')
    .innerJoin('queries as q', 'q.id', 'f.query_id')
    .select(['f.id', 'f.name', 'f.storage_key', 'f.size', 'f.type'])
    .where('f.id', 'in', ids)
    .where('f.kind', '=', 'attachment')
    .where('q.company_id', '=', companyId)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ key: r.storage_key, name: r.name, size: Number(r.size), type: r.type, ext: r.storage_key.split('.').pop() ?? '' }] : [];
  });
}
