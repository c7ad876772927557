import { describe, expect, it } from 'vitest';
import { dueLabel } from './due-label.ts';

describe('dueLabel', () => {
  const today = new Date(2026, 10, 23, 15, 30);
  it('counts calendar days ahead and behind, whatever the hour', () => {
    expect(dueLabel('2026-11-25', 'pending', today)).toEqual({ text: 'in 2 d', tone: 'soon' });
    expect(dueLabel('2026-11-22', 'in_progress', today)).toEqual({ text: 'overdue 1 d', tone: 'over' });
    expect(dueLabel('2026-11-23', 'pending', today)).toEqual({ text: 'due today', tone: 'soon' });
    expect(dueLabel('2026-12-23', 'pending', today)).toEqual({ text: 'in 30 d', tone: 'later' });
  });

  it('says nothing once the request is answered or closed: nothing is overdue after delivery', () => {
    expect(dueLabel('2026-11-22', 'answered', today)).toBeNull();
    expect(dueLabel('2026-11-22', 'closed', today)).toBeNull();
    expect(dueLabel('2026-11-25', 'answered', today)).toBeNull();
  });

  it('says nothing of a passed bid date on a request delivered once and reopened for a revision, and still counts down to one ahead', () => {
    expect(dueLabel('2026-11-22', 'in_progress', today, true)).toBeNull();
    expect(dueLabel('2026-11-25', 'in_progress', today, true)).toEqual({ text: 'in 2 d', tone: 'soon' });
  });
});
