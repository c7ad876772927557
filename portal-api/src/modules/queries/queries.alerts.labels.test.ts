import { describe, expect, it } from 'vitest';
import { LIFECYCLE_EVENTS } from './queries.rules.ts';
import { lifecycleAlert } from './queries.alerts.labels.ts';

describe('lifecycle alerts', () => {
  it("tells each side of the other side's steps only", () => {
    for (const event of LIFECYCLE_EVENTS) {
      expect(lifecycleAlert('client', 'admin', event, 'Dockside')).toMatch(/^[A-Z][a-z ]+: Dockside$/);
      expect(lifecycleAlert('admin', 'client', event, 'Dockside')).toMatch(/^[A-Z][a-z ]+: Dockside$/);
      expect(lifecycleAlert('client', 'client', event, 'Dockside')).toBeNull();
      expect(lifecycleAlert('admin', 'admin', event, 'Dockside')).toBeNull();
    }
  });

  it('names the request by its project, or says whose it is', () => {
    expect(lifecycleAlert('client', 'admin', 'quoteSent', 'Dockside Retail')).toBe('New quote: Dockside Retail');
    expect(lifecycleAlert('client', 'admin', 'answered', null)).toBe('Estimate delivered: your request');
    expect(lifecycleAlert('admin', 'client', 'quoteAccepted', '  ')).toBe('Quote accepted: a request');
  });
});
