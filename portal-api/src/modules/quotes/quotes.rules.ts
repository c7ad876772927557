// A quote's numbers: its prices (integer cents, never floating point), default turnarounds and the
// warnings of a delivery that would fall after the bid due date. No imports but the firm's clock
// and the labels: the quote form reads them too.

import { firmDayStart, formatFirmTime } from '../../shared/firm-time.ts';
import { formatBidDueDate } from '../queries/queries.labels.ts';
import { groupDigits } from '../../shared/en-us.ts';

export const DEFAULT_STANDARD_HOURS = 48;
export const DEFAULT_RUSH_HOURS = 24;
// Ten million dollars: far above any estimating fee, and inside PostgreSQL's 32-bit integer column.
export const MAX_PRICE_CENTS = 1_000_000_000;
export const PRICE_ERROR = `Please enter a price in USD greater than 0 and at most $${groupDigits(MAX_PRICE_CENTS / 100)}, with at most two decimals, like 1,250.50.`;

/**
 * "1250", "1250.5", "1,250.50" or a number → integer cents. Money never passes
 * through floating point: the digits are split at the point.
 */
export function parsePriceToCents(value: unknown): number | null {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim().replace(/^\$/, '')
        : '';
  // Commas only as thousands separators, every group of three: "12,50" (a decimal comma) or "1,2,5,0" is a slip to refuse, not $1,250.
  const match = /^(\d{1,12}|\d{1,3}(?:,\d{3}){1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 && cents <= MAX_PRICE_CENTS ? cents : null;
}

/**
 * True when a delivery due time falls after the bid due date's day has begun in Miami (the
 * firm's clock): the warning at quoting, on the server and in the quote form, and the monthly
 * 'delivered before bid' share.
 */
export function isDueAfterBidDate(dueAt: string | number | Date, bidDueDate: string | null): boolean {
  return bidDueDate !== null && new Date(dueAt).getTime() > firmDayStart(bidDueDate);
}

/**
 * What the firm is told on sending a quote whose delivery would fall after the bid due date
 * (isDueAfterBidDate), for the standard option and the rush one if offered; null when in time.
 */
export function lateQuoteWarning(bidDueDate: string | null, standardDue: string, rushDue: string | null): string | null {
  if (!bidDueDate || !isDueAfterBidDate(standardDue, bidDueDate)) return null;
  const bid = formatBidDueDate(bidDueDate);
  if (rushDue && isDueAfterBidDate(rushDue, bidDueDate))
    return `Both deliveries would fall after the bid due date ${bid}: standard ${formatFirmTime(standardDue)}, rush ${formatFirmTime(rushDue)}.`;
  const inTime = rushDue ? ` The rush delivery (${formatFirmTime(rushDue)}) would be in time.` : '';
  return `The standard delivery (${formatFirmTime(standardDue)}) would fall after the bid due date ${bid}.${inTime}`;
}

/** What the client is told on accepting an option whose delivery falls after the bid due date; null when in time. */
export function lateAcceptWarning(bidDueDate: string | null, dueAt: string): string | null {
  if (!bidDueDate || !isDueAfterBidDate(dueAt, bidDueDate)) return null;
  return `The accepted delivery (${formatFirmTime(dueAt)}) falls after the bid due date ${formatBidDueDate(bidDueDate)}.`;
}

/** A quote card's note on an option that, accepted now, would be delivered after the bid due date. */
export const LATE_OPTION_NOTE = 'due after the bid date';

/** Integer cents → "$1,250.50" (en-US, USD), as Intl writes it (shared/en-us.test.ts holds it to Intl), without its locale data. */
export function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}$${groupDigits(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}
