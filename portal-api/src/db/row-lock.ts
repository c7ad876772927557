import type { SelectQueryBuilder } from 'kysely';
import { engineOf, type DB } from './database.ts';

/**
 * A read that the rest of a write transaction depends on (a request's status before a
 * quote, the last addendum number, the image an edit replaces). On PostgreSQL the rows of
 * `of` stay locked until the commit (`for update`), so a second writer waits and then reads
 * what the first wrote; SQLite's one connection already runs one transaction at a time.
 * Each lifecycle transaction locks the request's row first, so two of them never wait on
 * each other in opposite orders.
 */
export function forUpdate<DBT, TB extends keyof DBT, O>(
  trx: { getExecutor: DB['getExecutor'] },
  read: SelectQueryBuilder<DBT, TB, O>,
  of: (TB & string) | ReadonlyArray<TB & string>,
): SelectQueryBuilder<DBT, TB, O> {
  return engineOf(trx as DB) === 'postgres' ? read.forUpdate(of) : read;
}
