import { describe, expect, it } from 'vitest';
import { activityLine, requestName } from './activity-line.ts';

const user = { _id: 'u1', fullName: 'Ana Rivera' };
const query = { _id: 'q1', subject: null, projectName: null, message: 'Concrete takeoff for a parking garage in Doral', status: 'pending' };

describe('activityLine', () => {
  it('names the client and the request', () => {
    expect(activityLine({ activity: 'Message sent', user, query })).toBe(
      'Ana Rivera sent a message on "Concrete takeoff for a parking garage in Doral"',
    );
    expect(activityLine({ activity: 'Reply from the estimating team', user, query })).toBe(
      'The estimating team replied to Ana Rivera on "Concrete takeoff for a parking garage in Doral"',
    );
    expect(activityLine({ activity: 'Query submitted', user, query: { ...query, subject: 'Garage, Doral' } })).toBe(
      'Ana Rivera submitted "Garage, Doral"',
    );
    expect(activityLine({ activity: 'Status changed to In Progress', user, query })).toBe(
      'Status changed to In Progress: Ana Rivera, "Concrete takeoff for a parking garage in Doral"',
    );
  });

  it('leads with the project name when the request has one', () => {
    const named = { ...query, projectName: 'Doral Garage', subject: 'Garage, Doral' };
    expect(activityLine({ activity: 'Message sent', user, query: named })).toBe('Doral Garage: Ana Rivera sent a message');
    expect(activityLine({ activity: 'Reply from the estimating team', user, query: named })).toBe(
      'Doral Garage: the estimating team replied to Ana Rivera',
    );
    expect(activityLine({ activity: 'Query submitted', user, query: named })).toBe('Doral Garage: Ana Rivera submitted the request');
    expect(activityLine({ activity: 'Revision requested: Rev B', user, query: named })).toBe(
      'Doral Garage: Revision requested: Rev B (Ana Rivera)',
    );
  });

  it('copes with a deleted request or user', () => {
    expect(activityLine({ activity: 'Message sent', user: null, query: null })).toBe('Message sent (A client)');
  });
});

describe('requestName', () => {
  it('cuts a long message at a word with an ellipsis', () => {
    const name = requestName({
      subject: null,
      message: 'Full MEP and concrete estimate for a twelve story mixed use tower in Brickell with two basements',
    });
    expect(name.length).toBeLessThanOrEqual(49);
    expect(name).toBe('Full MEP and concrete estimate for a twelve…');
  });
});
