import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepToastsClear } from './toast-clear.ts';

afterEach(() => vi.restoreAllMocks());

describe('keepToastsClear', () => {
  it('schedules nothing once undone, not even the check after the entrance settles', async () => {
    const outlet = document.createElement('div');
    document.body.append(outlet);
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const undo = keepToastsClear(outlet);
    outlet.append(document.createElement('section'));
    // The MutationObserver's callback, then its frame, run: the settling check is still to come.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(frames).toHaveBeenCalledTimes(1);
    undo();
    frames.mockClear();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(frames).not.toHaveBeenCalled();
    outlet.remove();
  });
});
