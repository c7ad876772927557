import { describe, expect, it } from 'vitest';
import { lastLine, requestTitle, whenText } from './request-row.ts';

const client = { _id: 'c1', fullName: 'Ana Inbox', email: 'ana@example.com', profileImage: null };

describe('a row of the per-request chat list', () => {
  it('leads with the project name, else the subject, else the first line of the request', () => {
    expect(requestTitle({ projectName: 'Doral Warehouse', subject: 'x', message: 'y' })).toBe('Doral Warehouse');
    expect(requestTitle({ projectName: null, subject: 'Roof takeoff', message: 'y' })).toBe('Roof takeoff');
    expect(requestTitle({ projectName: ' ', subject: null, message: 'Need a takeoff\nfor the slab' })).toBe('Need a takeoff');
  });

  it('says who wrote last: You for the firm, the client by name', () => {
    expect(lastLine({ client, lastMessage: { text: 'On it', createdAt: '2026-11-29T10:00:00Z', senderRole: 'admin' } })).toBe('You: On it');
    expect(lastLine({ client, lastMessage: { text: 'photo.png', createdAt: '2026-11-29T10:00:00Z', senderRole: 'client' } })).toBe(
      'Ana Inbox: photo.png',
    );
    expect(lastLine({ client, lastMessage: null })).toBe('No messages yet');
  });

  it('shows the time today and the date on another day', () => {
    const now = new Date(2026, 10, 29, 15, 0);
    expect(whenText(new Date(2026, 10, 29, 9, 5).toISOString(), now)).toBe('9:05 AM');
    expect(whenText(new Date(2026, 10, 27, 9, 5).toISOString(), now)).toBe('Nov 27, 2026');
  });
});
