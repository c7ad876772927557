import { describe, expect, it } from 'vitest';
import { messageProblems } from './lint-commits.mjs';

describe('commit message rule', () => {
  it('accepts a short subject, a blank line and a body', () => {
    expect(messageProblems('Cap ZIP entry names in the sheet index\n\nA hostile ZIP grew the answer to 149 MB.\n')).toEqual([]);
  });

  it('refuses a long subject, a missing blank line and a missing body', () => {
    expect(messageProblems(`${'x'.repeat(73)}\n`)).toEqual(['subject is 73 characters (at most 72)', 'has no body saying why']);
    expect(messageProblems('Fix it\nbecause')).toContain('needs a blank line after the subject');
  });

  it('refuses issue numbers, audits and work sessions', () => {
    expect(messageProblems('Fix the queue (issue 36)\n\nWhy.')).toContain('names an issue number');
    expect(messageProblems('Fix #12\n\nWhy.')).toContain('names an issue number');
    expect(messageProblems('Fix what the audit found\n\nWhy.')).toContain('speaks of an audit; say the reason itself');
    expect(messageProblems('Finish last session work\n\nWhy.')).toContain('speaks of a work session; say the reason itself');
  });

  it('lets the product speak of sign-in sessions', () => {
    expect(messageProblems('End a session on logout\n\nA shared computer keeps no access.')).toEqual([]);
  });
});
