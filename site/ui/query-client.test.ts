import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXT, offlineReason } from '../lib/offline.ts';
import { newQueryClient } from './query-client.ts';

const settledWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), ms)),
  ]);

describe('the screens’ query client while the browser is offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('sends an action at once and lets it fail, instead of pausing it until the network returns', async () => {
    onlineManager.setOnline(false);
    vi.stubGlobal('navigator', { onLine: false });
    const client = newQueryClient();
    client.mount(); // as QueryClientProvider does: resumes paused work when the connection returns
    let sent = 0;
    const approve = new MutationObserver(client, {
      mutationFn: async () => {
        sent++;
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await settledWithin(approve.mutate(), 1000)).toBe('rejected');
    expect(sent).toBe(1);
    expect(approve.getCurrentResult().isPaused).toBe(false);
    // The screen's error toast, raised now, is told why (toast-on-demand.ts).
    expect(offlineReason()).toBe(OFFLINE_TEXT);
    // Nothing is left queued to run when the connection comes back.
    onlineManager.setOnline(true);
    // What the client resumes when the connection returns, resumed and awaited here.
    await client.resumePausedMutations();
    expect(
      client
        .getMutationCache()
        .getAll()
        .filter((m) => m.state.isPaused),
    ).toEqual([]);
    expect(sent).toBe(1);
    client.unmount();
  });

  it('still holds a read back until the connection returns, then runs it', async () => {
    onlineManager.setOnline(false);
    const client = newQueryClient();
    client.mount();
    let reads = 0;
    const list = new QueryObserver(client, { queryKey: ['users'], queryFn: async () => ++reads });
    const unsubscribe = list.subscribe(() => undefined);
    await expect.poll(() => list.getCurrentResult().fetchStatus).toBe('paused');
    expect(reads).toBe(0);
    onlineManager.setOnline(true);
    await expect.poll(() => reads).toBe(1);
    unsubscribe();
    client.unmount();
  });
});
