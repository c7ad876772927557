import { describe, expect, it } from 'vitest';
import { LIFECYCLE_EVENTS } from './lifecycle.schema.ts';
import { lifecycleAlert, workspacePath } from './lifecycle-alerts.labels.ts';

describe('lifecycle alerts', () => {
  it("tells each side of the other side's steps only", () => {
    const heard = (role: 'client' | 'admin') => LIFECYCLE_EVENTS.filter((e) => lifecycleAlert(role, e, 'Dockside') !== null);
    expect(heard('client')).toEqual(['quoteSent', 'quoteWithdrawn', 'answered']);
    expect(heard('admin')).toEqual(['quoteAccepted', 'quoteDeclined', 'addendumAdded', 'reopened', 'outcomeRecorded']);
  });

  it('names the request by its project, or says whose it is', () => {
    expect(lifecycleAlert('client', 'quoteSent', 'Dockside Retail')).toBe('New quote: Dockside Retail');
    expect(lifecycleAlert('client', 'answered', null)).toBe('Estimate delivered: your request');
    expect(lifecycleAlert('admin', 'quoteAccepted', '  ')).toBe('Quote accepted: a request');
  });

  it("leads to the request's workspace on each side", () => {
    expect(workspacePath('client', 'q1')).toBe('/chat/q1');
    expect(workspacePath('admin', 'a/b')).toBe('/admin-chat/a%2Fb');
  });
});
