import { describe, expect, it } from 'vitest';
import { countdown } from './countdown.ts';

describe('countdown', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  it('counts down days, hours and minutes, and says when it is overdue', () => {
    expect(countdown('2026-11-24T13:00:00Z', now)).toEqual({ text: '1 d 3 h left', tone: 'ok' });
    expect(countdown('2026-11-23T12:05:00Z', now)).toEqual({ text: '2 h 5 min left', tone: 'soon' });
    expect(countdown('2026-11-23T10:45:00Z', now)).toEqual({ text: '45 min left', tone: 'soon' });
    expect(countdown('2026-11-23T07:55:00Z', now)).toEqual({ text: '2 h 5 min overdue', tone: 'over' });
  });
});
