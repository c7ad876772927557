import { z } from 'zod';
import type { Role } from '../../shared/roles.ts';
import { NO_FILES } from './queries.labels.ts';
import {
  BID_OUTCOME_VALUES,
  DEFAULT_RUSH_HOURS,
  DEFAULT_STANDARD_HOURS,
  parsePriceToCents,
  PRICE_ERROR,
  QUOTE_OPTIONS,
  QUOTE_STATES,
} from './lifecycle.rules.ts';

// Issue 13: the shapes of quotes, addenda, revisions and bid outcomes, shared by
// the server and the browser (this file imports nothing but zod, the labels and the rules).

export * from './lifecycle.rules.ts';

const price = z
  .union([z.string(), z.number()], { error: PRICE_ERROR })
  .transform((v, ctx) => {
    const cents = parsePriceToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: PRICE_ERROR });
      return z.NEVER;
    }
    return cents;
  })
  .meta({ type: ['string', 'number'], example: '1250.00', description: 'USD, positive, at most two decimals; stored as integer cents.' });
const hours = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of hours.` })
    .int(`${label} must be whole hours.`)
    .min(1, `${label} must be at least 1 hour.`)
    .max(24 * 60, `${label} can be at most 60 days.`);
const note = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max.toLocaleString('en-US')} characters.`)
    .optional()
    .transform((v) => v || undefined);

export const SendQuoteSchema = z
  .object({
    price,
    currency: z.literal('USD', { error: 'Quotes are in USD.' }).default('USD'),
    standardHours: hours('The standard turnaround').default(DEFAULT_STANDARD_HOURS),
    rushPrice: price.optional(),
    rushHours: hours('The rush turnaround').optional(),
    note: note(2000, 'The note'),
  })
  .refine((q) => q.rushHours === undefined || q.rushPrice !== undefined, { message: 'A rush turnaround needs its own price.' })
  .refine((q) => q.rushPrice === undefined || (q.rushHours ?? DEFAULT_RUSH_HOURS) < q.standardHours, {
    message: 'The rush turnaround must be shorter than the standard one.',
  })
  // A faster delivery for less money is a typing slip (two prices swapped), not an offer.
  .refine((q) => q.rushPrice === undefined || q.rushPrice >= q.price, {
    message: 'The rush price cannot be lower than the standard price.',
  });
export type SendQuote = z.infer<typeof SendQuoteSchema>;

/**
 * The admin's quote form: the browser checks the price, and the rush price when a rush
 * option is offered (PRICE_ERROR either way), and sends what was typed; the turnarounds
 * and the note are SendQuoteSchema's on the server, whose refusal the workspace shows.
 */
export const QuoteFormSchema = z
  .object({ price, standardHours: z.string(), rush: z.boolean(), rushPrice: z.string(), rushHours: z.string(), note: z.string() })
  .superRefine(({ rush, rushPrice }, ctx) => {
    if (rush && !price.safeParse(rushPrice).success) ctx.addIssue({ code: 'custom', message: PRICE_ERROR, path: ['rushPrice'] });
  });

export const AcceptQuoteSchema = z.object({
  option: z.enum(QUOTE_OPTIONS, { error: 'Please choose the standard or the rush option.' }),
});
export const DeclineQuoteSchema = z.object({
  reason: z
    .string({ error: 'Please tell us why you decline.' })
    .trim()
    .min(1, 'Please tell us why you decline.')
    .max(2000, 'The reason can be at most 2,000 characters.'),
});
export const ReopenSchema = z.object({
  reason: z
    .string({ error: 'Please say what should change.' })
    .trim()
    .min(1, 'Please say what should change.')
    .max(2000, 'The reason can be at most 2,000 characters.'),
});
export const AddendumFieldsSchema = z.object({ note: note(2000, 'The note') });
/** The client's addendum form: its files first (they go up through tus), then AddendumFieldsSchema's note. */
export const AddendumFormSchema = z.object({
  files: z.array(z.custom<File>()).min(1, NO_FILES),
  ...AddendumFieldsSchema.shape,
});
export const OutcomeSchema = z.object({
  outcome: z.enum(BID_OUTCOME_VALUES, { error: 'Please choose Won, Lost or Did not bid.' }),
  marginPct: z.coerce
    .number({ error: 'The margin must be a whole percentage.' })
    .int('The margin must be a whole percentage.')
    .min(-100, 'The margin must be between -100 and 100 %.')
    .max(100, 'The margin must be between -100 and 100 %.')
    .optional(),
});

export const QuoteIdParamsSchema = z.object({
  quoteId: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'quoteId', in: 'path' } }),
});

export const QuoteSchema = z
  .object({
    _id: z.string(),
    query: z.string(),
    state: z.enum(QUOTE_STATES),
    currency: z.literal('USD'),
    priceCents: z.number().int(),
    standardHours: z.number().int(),
    rushPriceCents: z.number().int().nullable(),
    rushHours: z.number().int().nullable(),
    note: z.string().nullable(),
    sentAt: z.string(),
    acceptedOption: z.enum(QUOTE_OPTIONS).nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    declineReason: z.string().nullable(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof QuoteSchema>;

const FileSchema = z.object({ _id: z.string(), name: z.string(), url: z.string(), size: z.number(), type: z.string() });
export const FileSetSchema = z
  .object({
    number: z.number().int(),
    label: z.string(),
    note: z.string().nullable(),
    createdAt: z.string().nullable(),
    files: z.array(FileSchema),
  })
  .meta({ id: 'FileSet' });
export const RevisionSchema = z
  .object({
    letter: z.string(),
    label: z.string(),
    reason: z.string().nullable(),
    changeNote: z.string().nullable(),
    requestedAt: z.string().nullable(),
    answeredAt: z.string().nullable(),
    files: z.array(FileSchema),
  })
  .meta({ id: 'Revision' });
export const OutcomeStateSchema = z
  .object({
    value: z.enum(BID_OUTCOME_VALUES).nullable(),
    marginPct: z.number().nullable(),
    recordedAt: z.string().nullable(),
    canRecord: z.boolean(),
  })
  .meta({ id: 'BidOutcome' });

/** What issue 13 adds to every Query JSON. */
export const QueryLifecycleSchema = z.object({
  projectName: z.string().nullable(),
  location: z.string().nullable(),
  deliveryDueAt: z.string().nullable(),
  quotes: z.array(QuoteSchema),
  fileSets: z.array(FileSetSchema),
  revisions: z.array(RevisionSchema),
  outcome: OutcomeStateSchema,
});
export type QueryLifecycle = z.infer<typeof QueryLifecycleSchema>;

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
      deliveredBeforeBidShare: z.number().nullable().meta({
        description:
          'Of answered requests with a bid due date: share first answered before that day began in Miami (America/New_York), 0…1.',
      }),
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

/** The /ws frame every lifecycle step publishes to the query's room: both sides reload the query. */
export const LIFECYCLE_EVENTS = [
  'quoteSent',
  'quoteAccepted',
  'quoteDeclined',
  'quoteWithdrawn',
  'addendumAdded',
  'reopened',
  'answered',
  'outcomeRecorded',
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];
export type LifecycleFrame = {
  type: 'queryLifecycle';
  queryId: string;
  event: LifecycleEvent;
  deliveryDueAt: string | null;
  status: string;
  /** For the other side's in-app alert (lifecycle-alerts.labels.ts). */
  projectName: string | null;
  /** The side that took the step: the other side is alerted. */
  by: Role;
};
