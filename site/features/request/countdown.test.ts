import { describe, expect, it } from 'vitest';
import { countdown, dueIn } from './countdown.ts';

describe('countdown', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  it('counts down days, hours and minutes, and says when it is overdue', () => {
    expect(countdown('2026-11-24T13:00:00Z', now)).toEqual({ text: '1 d 3 h left', tone: 'ok' });
    expect(countdown('2026-11-23T12:05:00Z', now)).toEqual({ text: '2 h 5 min left', tone: 'soon' });
    expect(countdown('2026-11-23T10:45:00Z', now)).toEqual({ text: '45 min left', tone: 'soon' });
    expect(countdown('2026-11-23T07:55:00Z', now)).toEqual({ text: '2 h 5 min overdue', tone: 'over' });
  });
});

describe('dueIn: the short countdown of a row', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  it('says hours, days or minutes ahead, and late once passed', () => {
    expect(dueIn('2026-11-29T17:30:00Z', now)).toEqual({ text: 'due in 5 h', isLate: false });
    expect(dueIn('2026-12-01T13:00:00Z', now)).toEqual({ text: 'due in 2 d', isLate: false });
    expect(dueIn('2026-11-29T12:20:00Z', now)).toEqual({ text: 'due in 20 min', isLate: false });
    expect(dueIn('2026-11-29T09:00:00Z', now)).toEqual({ text: 'late 3 h', isLate: true });
  });
});
