/** Whole days from `today` to a bid due date (YYYY-MM-DD, a calendar day); negative when past. */
export function daysUntilDue(day: string, today: Date = new Date()): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - start) / 86_400_000);
}

export type DueLabel = { text: string; tone: 'over' | 'soon' | 'later' };

/** Issue 12: 'in 2 d', 'due today', 'overdue 1 d'. Within 3 days reads as soon. */
export function dueLabel(day: string, today: Date = new Date()): DueLabel {
  const days = daysUntilDue(day, today);
  if (days < 0) return { text: `overdue ${-days} d`, tone: 'over' };
  if (days === 0) return { text: 'due today', tone: 'soon' };
  return { text: `in ${days} d`, tone: days <= 3 ? 'soon' : 'later' };
}
