import { firmDay } from '../portal-api/src/shared/firm-time.ts';

/**
 * The Miami calendar day `offsetDays` from now (YYYY-MM-DD), as a bid due date. The server reads
 * bid dates on the firm's clock, so a UTC date would be a day off for five hours each evening:
 * "yesterday" in UTC is still today in Miami between 00:00 and 05:00 UTC.
 */
export const firmDayFromNow = (offsetDays: number): string => firmDay(Date.now() + offsetDays * 86_400_000);
