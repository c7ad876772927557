import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../../../portal-api/src/modules/workspace/workspace.schema.ts';
import { HistorySection } from './HistorySection.tsx';
import { historyLines, messagesText } from '../history-lines.ts';

// The workspace history (docs/product.md §10): lifecycle steps keep their lines; the chat is one
// 'N messages' line per day, placed at the day's last message.

const step = (id: string, activity: string, createdAt: string, by: 'client' | 'firm' = 'firm') => ({
  _id: id,
  activity,
  status: 'in_progress',
  createdAt,
  by,
});
const history = [
  step('h1', 'Query submitted', '2026-11-20T14:00:00.000Z', 'client'),
  step('h2', 'Message sent', '2026-11-20T14:05:00.000Z', 'client'),
  step('h3', 'Reply from the estimating team', '2026-11-20T15:00:00.000Z'),
  step('h4', 'Quote sent: $1,000.00', '2026-11-20T16:00:00.000Z'),
  step('h5', 'Message sent', '2026-11-21T13:00:00.000Z', 'client'),
  step('h6', 'Revision requested: Rev B', '2026-11-22T12:00:00.000Z'),
];
const chatDays = [
  { day: '2026-11-20', count: 14, lastAt: '2026-11-20T15:30:00.000Z' },
  { day: '2026-11-21', count: 1, lastAt: '2026-11-21T13:00:00.000Z' },
];

describe('historyLines', () => {
  it('keeps every lifecycle step, drops the chat activity lines and adds one line per day of chat, in time order', () => {
    const lines = historyLines(history, chatDays);
    expect(lines.map((l) => (l.kind === 'step' ? l.entry.activity : `${l.day}: ${l.text}`))).toEqual([
      'Query submitted',
      '2026-11-20: 14 messages',
      'Quote sent: $1,000.00',
      '2026-11-21: 1 message',
      'Revision requested: Rev B',
    ]);
  });

  it('counts one message and many', () => {
    expect(messagesText(1)).toBe('1 message');
    expect(messagesText(2)).toBe('2 messages');
  });

  it('has no chat line without messages', () => {
    expect(historyLines([history[0]!], []).map((l) => l.kind)).toEqual(['step']);
  });
});

describe('HistorySection', () => {
  it("shows the firm each step with who took it, and a day's chat as one 'N messages' line", () => {
    const workspace = { history, chatDays, client: { fullName: 'Hector History' } } as unknown as Workspace;
    render(<HistorySection workspace={workspace} role="admin" />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/(Nov \d+, 2026).*$/, '$1'))).toEqual([
      'Hector History: Query submittedNov 20, 2026',
      'Chat: 14 messagesNov 20, 2026',
      'Estimating team: Quote sent: $1,000.00Nov 20, 2026',
      'Chat: 1 messageNov 21, 2026',
      'Estimating team: Revision requested: Rev BNov 22, 2026',
    ]);
    expect(screen.queryByText(/Message sent|Reply from the estimating team/)).toBeNull();
  });
});
