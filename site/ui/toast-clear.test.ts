import { describe, expect, it } from 'vitest';
import { clearSlide } from './toast-clear.ts';

const box = (top: number, bottom: number, left = 0, right = 100) => ({ top, bottom, left, right });

describe('clearSlide', () => {
  const stack = box(700, 780);

  it('leaves a stack that covers no control where it is', () => {
    expect(clearSlide(stack, [box(100, 140), box(700, 780, 200, 300)], 800)).toBe(0);
  });

  it('slides the least distance that clears every control in its column', () => {
    // A button under the stack's top edge: just above it is nearer than just below.
    expect(clearSlide(stack, [box(690, 730)], 800)).toBe(690 - 8 - 780);
    // A button under its bottom edge: just below is nearer.
    expect(clearSlide(stack, [box(705, 720)], 900)).toBe(720 + 8 - 700);
  });

  it('never clears one control by covering another, nor leaves the screen', () => {
    const rows = [box(600, 640), box(650, 690), box(700, 740), box(750, 790)];
    const dy = clearSlide(stack, rows, 800)!;
    const moved = box(stack.top + dy, stack.bottom + dy);
    expect(moved.top).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(moved.bottom <= row.top || moved.top >= row.bottom).toBe(true);
  });

  it('answers null when the screen has no room', () => {
    const full = Array.from({ length: 20 }, (_, i) => box(i * 40, i * 40 + 36));
    expect(clearSlide(stack, full, 800)).toBeNull();
  });
});
