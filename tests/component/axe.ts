import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe-core's WCAG 2 A/AA rules on `root` as the test left it (names, roles, ARIA attributes and
 * the ids they point at), toasts left out as in the browser tests. jsdom draws nothing, so colour
 * contrast is for the browser tests (expectNoAxeViolations in tests/e2e/support.ts).
 */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const { violations } = await axe.run(
    { include: [root], exclude: [['[data-sonner-toaster]']] },
    { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } },
  );
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
