import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../portal-api/src/modules/chats/chats.schema.ts';
import { ECHO_TIMEOUT_MS, PendingSends } from './pending-sends.ts';

const echo = (message: string, replyTo: string | null = null): ChatMessage => ({
  _id: `m-${message}`,
  query: 'q1',
  message,
  createdAt: '2025-01-01T00:00:00.000Z',
  sender: { _id: 'u1', role: 'client', fullName: 'Ana Lopez' },
  replyTo: replyTo ? { _id: replyTo, query: 'q1', message: 'earlier' } : null,
});

describe('PendingSends', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("settles a message on its own echo only: same text and reply, and the sender's", async () => {
    const pending = new PendingSends(() => undefined);
    const sent = pending.add('Plans attached', 'r1');
    expect(pending.echoed(echo('Plans attached', 'r1'), false)).toBe(false); // someone else's
    expect(pending.echoed(echo('Plans attached'), true)).toBe(false); // not that reply
    expect(pending.echoed(echo('Other text', 'r1'), true)).toBe(false);
    expect(pending.echoed(echo('Plans attached', 'r1'), true)).toBe(true);
    await expect(sent).resolves.toBe(true);
    expect(pending.size).toBe(0);
  });

  it('takes a refusal for the oldest message waiting', async () => {
    const pending = new PendingSends(() => undefined);
    const first = pending.add('one', null);
    const second = pending.add('two', null);
    expect(pending.refuseOldest()).toBe(true);
    await expect(first).resolves.toBe(false);
    pending.echoed(echo('two'), true);
    await expect(second).resolves.toBe(true);
    expect(pending.refuseOldest()).toBe(false);
  });

  it(`gives up after ${ECHO_TIMEOUT_MS / 1000} s without an echo, once for all sent before`, async () => {
    const onTimeout = vi.fn();
    const pending = new PendingSends(onTimeout);
    const first = pending.add('one', null);
    vi.advanceTimersByTime(1000);
    const second = pending.add('two', null);
    vi.advanceTimersByTime(ECHO_TIMEOUT_MS - 1000 - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await expect(first).resolves.toBe(false);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(pending.size).toBe(1);
    pending.failAll();
    await expect(second).resolves.toBe(false);
    vi.advanceTimersByTime(ECHO_TIMEOUT_MS);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
