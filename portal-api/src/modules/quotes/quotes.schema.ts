import { z } from 'zod';
import { noteField } from '../files/files.schema.ts';
import { QUOTE_OPTIONS, QUOTE_STATES } from '../queries/queries.rules.ts';
import { DEFAULT_RUSH_HOURS, DEFAULT_STANDARD_HOURS, parsePriceToCents, PRICE_ERROR } from './quotes.rules.ts';

// A quote: a USD price with a standard turnaround, optionally a rush price and turnaround, a note.
// Shared by the server and the quote forms (imports nothing but zod and the rules).

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
export const SendQuoteSchema = z
  .object({
    price,
    currency: z.literal('USD', { error: 'Quotes are in USD.' }).default('USD'),
    standardHours: hours('The standard turnaround').default(DEFAULT_STANDARD_HOURS),
    rushPrice: price.optional(),
    rushHours: hours('The rush turnaround').optional(),
    note: noteField(2000, 'The note'),
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
