/** "1 d 3 h left", "45 min left", "2 h 5 min overdue": the delivery due countdown. */
export function countdown(dueAt: string, now: number): { text: string; tone: 'ok' | 'soon' | 'over' } {
  const ms = Date.parse(dueAt) - now;
  const abs = Math.abs(ms);
  const d = Math.floor(abs / 86_400_000);
  const h = Math.floor((abs % 86_400_000) / 3_600_000);
  const m = Math.floor((abs % 3_600_000) / 60_000);
  const span = d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${m} min`;
  if (ms < 0) return { text: `${span} overdue`, tone: 'over' };
  return { text: `${span} left`, tone: ms < 6 * 3_600_000 ? 'soon' : 'ok' };
}

/** "due in 5 h", "due in 2 d", "late 3 h": the short delivery countdown of a queue or chat row (red when late). */
export function dueIn(dueAt: string, now: number): { text: string; isLate: boolean } {
  const ms = Date.parse(dueAt) - now;
  const abs = Math.abs(ms);
  const span =
    abs >= 86_400_000
      ? `${Math.floor(abs / 86_400_000)} d`
      : abs >= 3_600_000
        ? `${Math.floor(abs / 3_600_000)} h`
        : `${Math.max(1, Math.floor(abs / 60_000))} min`;
  return ms < 0 ? { text: `late ${span}`, isLate: true } : { text: `due in ${span}`, isLate: false };
}
