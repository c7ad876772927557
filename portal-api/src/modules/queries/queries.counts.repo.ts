import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { monthStarts } from './queries.counts.ts';
import { QueryStatusSchema, type QueryCounts } from './queries.schema.ts';

/**
 * One company's requests counted per status, each also split into those created
 * this month and last month (the dashboard cards and their trend line), in one
 * grouped query instead of downloading the lists.
 */
export async function countQueriesOf(db: DB, companyId: string, now = new Date()): Promise<QueryCounts> {
  const { thisMonth, lastMonth } = monthStarts(now);
  const rows = await db
    .selectFrom('queries')
    .select([
      'status',
      (eb) => eb.fn.countAll<string | number>().as('total'),
      sql<string | number>`sum(case when created_at >= ${thisMonth} then 1 else 0 end)`.as('this_month'),
      sql<string | number>`sum(case when created_at >= ${lastMonth} and created_at < ${thisMonth} then 1 else 0 end)`.as('last_month'),
    ])
    .where('company_id', '=', companyId)
    .groupBy('status')
    .execute();
  const empty = () => ({ total: 0, thisMonth: 0, lastMonth: 0 });
  const counts = Object.fromEntries(['all', ...QueryStatusSchema.options].map((k) => [k, empty()])) as QueryCounts;
  for (const row of rows) {
    const entry = { total: Number(row.total), thisMonth: Number(row.this_month), lastMonth: Number(row.last_month) };
    counts[row.status] = entry;
    counts.all = {
      total: counts.all.total + entry.total,
      thisMonth: counts.all.thisMonth + entry.thisMonth,
      lastMonth: counts.all.lastMonth + entry.lastMonth,
    };
  }
  return counts;
}
