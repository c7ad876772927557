import { z } from 'zod';
import { BID_OUTCOMES } from '../queries/queries.rules.ts';

// The bid outcome a client records after the bid date, and the firm's monthly figures over them.

export const OutcomeSchema = z.object({
  outcome: z.enum(BID_OUTCOMES, { error: 'Please choose Won, Lost or Did not bid.' }),
  marginPct: z.coerce
    .number({ error: 'The margin must be a whole percentage.' })
    .int('The margin must be a whole percentage.')
    .min(-100, 'The margin must be between -100 and 100 %.')
    .max(100, 'The margin must be between -100 and 100 %.')
    .optional(),
});

export const OutcomeStateSchema = z
  .object({
    value: z.enum(BID_OUTCOMES).nullable(),
    marginPct: z.number().nullable(),
    recordedAt: z.string().nullable(),
    canRecord: z.boolean(),
  })
  .meta({ id: 'BidOutcome' });

const MONTHS_ERROR = 'Months must be a whole number from 1 to 36.';
export const MonthlyStatsQuerySchema = z.object({
  months: z.coerce.number({ error: MONTHS_ERROR }).int(MONTHS_ERROR).min(1, MONTHS_ERROR).max(36, MONTHS_ERROR).default(12),
});
export const MonthlyStatsSchema = z.object({
  months: z.array(
    z.object({
      month: z.string().meta({ description: 'YYYY-MM (UTC) in which the requests were received.' }),
      received: z.number(),
      medianTurnaroundHours: z.number().nullable().meta({ description: "Submitted → first answer, over the month's answered requests." }),
      medianTurnaroundMinutes: z
        .number()
        .int()
        .nullable()
        .meta({ description: 'The same median in whole minutes, for a turnaround of minutes (shown as "0 h 7 min").' }),
      deliveredBeforeBidShare: z.number().nullable().meta({
        description:
          'Of answered requests with a bid due date: share first answered before that day began in Miami (America/New_York), 0…1.',
      }),
      deliveredBeforeBid: z.number().int().meta({ description: 'How many of them were first answered before the bid date.' }),
      answeredWithBidDate: z.number().int().meta({ description: 'How many answered requests had a bid due date (the share’s whole).' }),
      won: z.number(),
      lost: z.number(),
      didNotBid: z.number(),
      winRate: z
        .number()
        .nullable()
        .meta({ description: 'won / (won + lost) among the outcomes clients gave; did-not-bid answers are not bids.' }),
    }),
  ),
});
