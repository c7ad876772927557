import { expect, test } from './fixtures.ts';
import { asUser, submitRequest, toastShown } from './support.ts';

// The team screens by keyboard and on a phone (docs/product.md §23 "Colleagues" and §25 "The firm's
// desk"): where the focus goes after each action, and how the lists read in a narrow window.

/** What has the keyboard focus, as its accessible name or tag ('BODY' when nothing has it). */
const focused = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return el.getAttribute('aria-label') ?? el.id ?? el.tagName;
  });

test("a queue row's assignee box keeps the focus while the assignment is sent", async ({ browser, request, admin, sharedClient }) => {
  const project = 'Wynwood Gallery Annex';
  await submitRequest(request, sharedClient, 'Wynwood gallery annex framing takeoff', { projectName: project });
  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/admin-queries');
  await page.getByLabel('Assigned').selectOption('everyone');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(project);
  const box = page.getByLabel(`Assignee of ${project}`, { exact: true });
  await box.focus();
  const assigned = toastShown(page, 'Assigned to Administrator.');
  await box.selectOption({ label: 'Administrator' });
  await assigned;
  // The box the admin chose in still has the focus: the next Tab goes on along the row.
  await expect.poll(() => focused(page)).toBe(`Assignee of ${project}`);
  await expect(box).toHaveValue(admin.user._id);
  await context.close();
});
