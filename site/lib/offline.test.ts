import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteOfflineFailure, OFFLINE_TEXT, offlineReason } from './offline.ts';

describe('the offline reason of a failure', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is given once to the error shown right after a call failed offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    noteOfflineFailure();
    expect(offlineReason()).toBe(OFFLINE_TEXT);
    expect(offlineReason()).toBeUndefined();
  });

  it('is not given to a form’s own check shown while offline, with no call failed', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(offlineReason()).toBeUndefined();
  });

  it('is not given once the browser is back online', () => {
    vi.stubGlobal('navigator', { onLine: false });
    noteOfflineFailure();
    vi.stubGlobal('navigator', { onLine: true });
    expect(offlineReason()).toBeUndefined();
  });

  it('is not given to an error shown long after the failure', () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: false });
    noteOfflineFailure();
    vi.advanceTimersByTime(5000);
    expect(offlineReason()).toBeUndefined();
    vi.useRealTimers();
  });
});
