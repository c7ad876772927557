// How a recorded bid outcome reads, in the outcome form, the workspace and the firm's mail.
import type { BidOutcome } from '../queries/queries.rules.ts';

/** The outcome form's label of the optional margin (one field for every outcome). */
export const MARGIN_LABEL = 'How close was it? ±N % to the winning bid, or to the next bid if you won (optional)';

/**
 * The margin of a recorded outcome in words, after the outcome ('Won · …', 'Their bid was …'):
 * a lost bid against the winner, a won one against the next bid; none for 'did not bid'.
 */
export function marginText(outcome: BidOutcome, marginPct: number | null): string | null {
  if (marginPct === null || outcome === 'did_not_bid') return null;
  const pct = `${marginPct > 0 ? '+' : ''}${marginPct} %`;
  return outcome === 'won' ? `the next bid was within ${pct}` : `within ${pct} of the winner`;
}
