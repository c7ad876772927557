import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLeaveGuard } from './leave-guard.ts';

// Leaving a page mid-upload asks first, so a half-sent file is not lost by a stray click; an idle page lets go.

function Form({ busy }: { busy: boolean }) {
  useLeaveGuard(busy);
  return <p>form</p>;
}
/** A navigation's beforeunload: true when the page asked to stay. */
const leave = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('useLeaveGuard', () => {
  it('asks while active, and no longer once idle or gone', () => {
    const view = render(<Form busy={false} />);
    expect(leave()).toBe(false);
    view.rerender(<Form busy />);
    expect(leave()).toBe(true);
    view.rerender(<Form busy={false} />);
    expect(leave()).toBe(false);
    view.rerender(<Form busy />);
    view.unmount();
    expect(leave()).toBe(false);
  });
});
