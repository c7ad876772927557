import { describe, expect, it } from 'vitest';
import { allowedNext, canTransition, QUERY_STATUSES, transitionError } from './status-transitions.ts';

describe('query status transitions', () => {
  it('moves forward one step at a time: pending → in_progress → answered', () => {
    expect(canTransition('pending', 'in_progress')).toBe(true);
    expect(canTransition('in_progress', 'answered')).toBe(true);
  });

  it('lets every status except closed become closed', () => {
    for (const from of ['pending', 'in_progress', 'answered'] as const) expect(canTransition(from, 'closed')).toBe(true);
  });

  it('keeps closed final', () => {
    expect(allowedNext('closed')).toEqual([]);
    for (const to of QUERY_STATUSES) expect(canTransition('closed', to)).toBe(false);
    expect(transitionError('closed', 'pending')).toMatch(/closed/);
  });

  it('never goes back, skips a step or repeats the current status', () => {
    expect(canTransition('in_progress', 'pending')).toBe(false);
    expect(canTransition('answered', 'in_progress')).toBe(false);
    expect(canTransition('answered', 'pending')).toBe(false);
    expect(canTransition('pending', 'answered')).toBe(false);
    for (const s of QUERY_STATUSES) expect(canTransition(s, s)).toBe(false);
    expect(transitionError('pending', 'answered')).toBe('A query that is Pending can only become In Progress or Closed.');
    expect(transitionError('answered', 'answered')).toBe('This query is already Answered.');
  });
});
