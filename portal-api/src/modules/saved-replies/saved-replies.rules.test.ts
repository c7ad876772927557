import { describe, expect, it } from 'vitest';
import { fillPlaceholders, oneLine, repliesMatching, withAttachedFiles } from './saved-replies.rules.ts';

describe('fillPlaceholders', () => {
  it('fills the first name, the project name and the bid due date', () => {
    const text = 'Hi {client_first_name}, we have the plans of {project_name}; you will have it before {bid_due_date}.';
    expect(fillPlaceholders(text, { clientFullName: 'Ana María Ruiz', projectName: 'Brickell Tower', bidDueDate: '2026-12-04' })).toBe(
      'Hi Ana, we have the plans of Brickell Tower; you will have it before December 4, 2026.',
    );
  });

  it('reads naturally when the request lacks a value, and leaves other braces alone', () => {
    expect(
      fillPlaceholders('{client_first_name}: {project_name} by {bid_due_date} {other}', {
        clientFullName: ' ',
        projectName: null,
        bidDueDate: null,
      }),
    ).toBe('there: your project by your bid date {other}');
  });
});

describe('the composer slash', () => {
  const replies = [{ title: 'Plans received' }, { title: 'Need addenda' }, { title: 'Sample takeoff' }];
  it('lists the titles that start with what follows / first, then those that contain it', () => {
    expect(repliesMatching('/s', replies).map((r) => r.title)).toEqual(['Sample takeoff', 'Plans received']);
    expect(repliesMatching('/plans', replies).map((r) => r.title)).toEqual(['Plans received']);
    expect(repliesMatching('plans', replies)).toEqual([]);
  });
});

describe('the message a reply with files makes', () => {
  it('names the files once, on one line', () => {
    const sent = withAttachedFiles(oneLine('Hi Ana,\n\nhere it is.'), ['a.pdf', 'b.xlsx']);
    expect(sent).toBe("Hi Ana, here it is. · Attached to this request's files: a.pdf, b.xlsx");
    expect(withAttachedFiles(sent, ['a.pdf', 'b.xlsx'])).toBe(sent);
    expect(withAttachedFiles('No files', [])).toBe('No files');
  });
});
