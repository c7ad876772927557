import { describe, expect, it } from 'vitest';
import { formatPercent, formatTurnaround, monthLabel, shareCounts, weekLabel } from './kpi-format.ts';

describe('formatTurnaround', () => {
  it('shows minutes under an hour instead of 0 h', () => {
    expect(formatTurnaround(7)).toBe('0 h 7 min');
    expect(formatTurnaround(0)).toBe('0 h 0 min');
  });
  it('shows hours and minutes past an hour, past a day too', () => {
    expect(formatTurnaround(60)).toBe('1 h 0 min');
    expect(formatTurnaround(26 * 60 + 5)).toBe('26 h 5 min');
    expect(formatTurnaround(72 * 60 + 59.6)).toBe('73 h 0 min');
  });
  it('shows a dash when nothing was answered', () => {
    expect(formatTurnaround(null)).toBe('–');
  });
});

describe('formatPercent and shareCounts', () => {
  it('reads a share with the counts behind it, like the win rate', () => {
    expect(`${formatPercent(1 / 3)} ${shareCounts(1, 3)}`).toBe('33 % (1/3)');
    expect(`${formatPercent(1)} ${shareCounts(2, 2)}`).toBe('100 % (2/2)');
  });
  it('shows a dash and no counts when nothing was counted', () => {
    expect(formatPercent(null)).toBe('–');
    expect(shareCounts(0, 0)).toBe('');
  });
});

describe('weekLabel and monthLabel', () => {
  it('name every day and month as Intl writes them in en-US', () => {
    const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString();
      expect(weekLabel(iso.slice(0, 10))).toBe(day.format(t));
      expect(monthLabel(iso.slice(0, 7))).toBe(monthYear.format(t));
    }
  });
});
