import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways (a wide table on a phone), reachable and scrollable with the
 * keyboard: focusable, a named region, outlined when focused (axe scrollable-region-focusable,
 * WCAG 2.1.1). `label` must differ from the enclosing section's name (axe landmark-unique).
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`scroll-region${className ? ` ${className}` : ''}`} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
