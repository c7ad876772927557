/**
 * The card's 'Last month +10%' line (SPEC §2), made true (issue 17): the change
 * from last calendar month to this one, shown only when last month had requests
 * to compare with. A fixed '+10%' beside a 0 read as a lie.
 */
export function trendLine(thisMonth: number, lastMonth: number): string | null {
  if (lastMonth <= 0) return null;
  const change = Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
  return `Last month ${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)}%`;
}
