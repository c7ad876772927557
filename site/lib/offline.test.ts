import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module remembers the last failure; each test loads a fresh copy so none inherits another's.
let offline: typeof import('./offline.ts');

describe('the offline reason of a failure', () => {
  beforeEach(async () => {
    vi.resetModules();
    offline = await import('./offline.ts');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is given once to the error shown right after a call failed offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    offline.noteOfflineFailure();
    expect(offline.offlineReason()).toBe(offline.OFFLINE_TEXT);
    expect(offline.offlineReason()).toBeUndefined();
  });

  it('is not given to a form’s own check shown while offline, with no call failed', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(offline.offlineReason()).toBeUndefined();
  });

  it('is not given once the browser is back online', () => {
    vi.stubGlobal('navigator', { onLine: false });
    offline.noteOfflineFailure();
    vi.stubGlobal('navigator', { onLine: true });
    expect(offline.offlineReason()).toBeUndefined();
  });

  it('is not given to an error shown long after the failure', () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: false });
    offline.noteOfflineFailure();
    vi.advanceTimersByTime(5000);
    expect(offline.offlineReason()).toBeUndefined();
  });
});
