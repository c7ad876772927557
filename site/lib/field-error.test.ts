import { describe, expect, it } from 'vitest';
import { fieldError } from './field-error.ts';

describe('fieldError', () => {
  it('marks a refused field invalid and described by its sentence first, then its own hint', () => {
    expect(fieldError(true, 'e', 'count')).toEqual({ 'aria-invalid': true, 'aria-describedby': 'e count' });
    expect(fieldError(true, 'e')).toEqual({ 'aria-invalid': true, 'aria-describedby': 'e' });
  });

  it('leaves a valid field with its own hint only, and no attribute at all without one', () => {
    expect(fieldError(false, 'e', 'count')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': 'count' });
    expect(fieldError(false, 'e')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
  });
});
