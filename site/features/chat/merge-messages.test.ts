import { describe, expect, it } from 'vitest';
import { historyLacks, mergeMessages } from './merge-messages.ts';
import type { ChatMessage } from './useChatRoom.ts';

const msg = (id: string, at: string, text = id): ChatMessage => ({
  _id: id,
  query: 'q1',
  message: text,
  createdAt: at,
  replyTo: null,
  sender: { _id: 'u1', role: 'client', fullName: 'Ana' },
});

describe('mergeMessages (history refetch + live frames)', () => {
  it('adds each message once, by _id, oldest first', () => {
    const live = [msg('b', '2026-01-01T00:00:02.000Z'), msg('d', '2026-01-01T00:00:04.000Z')];
    const history = [msg('a', '2026-01-01T00:00:01.000Z'), msg('b', '2026-01-01T00:00:02.000Z'), msg('c', '2026-01-01T00:00:03.000Z')];
    const merged = mergeMessages(live, history);
    expect(merged.map((m) => m._id)).toEqual(['a', 'b', 'c', 'd']);
    expect(mergeMessages(merged, [...history, ...live])).toBe(merged); // nothing new: same array, no re-render
  });

  it('keeps two messages with the same text apart (they have different ids)', () => {
    const merged = mergeMessages([msg('a', '2026-01-01T00:00:01.000Z', 'ok')], [msg('b', '2026-01-01T00:00:02.000Z', 'ok')]);
    expect(merged).toHaveLength(2);
  });

  it('drops a duplicate inside one batch', () => {
    const m = msg('a', '2026-01-01T00:00:01.000Z');
    expect(mergeMessages([], [m, m])).toHaveLength(1);
  });
});

describe('historyLacks (the history read while joining)', () => {
  it('reads again only when the read failed, or lacks the newest message the join named', () => {
    expect(historyLacks(['a', 'b'], 'b')).toBe(false);
    expect(historyLacks([], null)).toBe(false);
    expect(historyLacks(['a'], null)).toBe(false);
    expect(historyLacks(['a'], 'b')).toBe(true);
    expect(historyLacks([], 'a')).toBe(true);
    expect(historyLacks(null, null)).toBe(true);
    expect(historyLacks(['a'], undefined)).toBe(true);
  });
});
