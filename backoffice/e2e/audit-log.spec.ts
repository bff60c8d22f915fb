import { readFile } from 'node:fs/promises';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, signInAsAdmin } from './support/backoffice.js';
import { orderOfNewDoctor } from './support/orders.js';

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the Audit Log lists events in plain words, filters by action and exports the filtered CSV', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await page.getByRole('menuitem', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-events/);
  await expect(page.getByRole('columnheader', { name: 'Action' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Signed in', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'auth.sign_in' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Action' }).fill('Signed in');
  await page.getByRole('option', { name: 'Signed in', exact: true }).click();
  await expect(page).toHaveURL(/auth\.sign_in/);
  const actions = page.locator('td.column-action');
  await expect
    .poll(async () => {
      const texts = await actions.allTextContents();
      return texts.length > 0 && texts.every((text) => text === 'Signed in');
    })
    .toBe(true);

  let exportUrl = '';
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/audit-events/export')) exportUrl = request.url();
  });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-events-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(JSON.parse(new URL(exportUrl).searchParams.get('filter') ?? '{}')).toEqual({ action: 'auth.sign_in' });
  const lines = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toContain('"action_label"');
  expect(lines.slice(1).every((line) => line.includes('"Signed in"'))).toBe(true);
});

test('a failed supplier submission shows as a Failure with the order number and the admin’s e-mail', async ({
  page,
  baseURL,
}) => {
  // Quantity 9002 makes the sandbox supplier reject the order.
  const { order } = await orderOfNewDoctor(baseURL ?? '', 'audf', { withAddress: true, quantity: 9002 });
  const approval = await page.request.post(`/api/admin/orders/${order.id}/approve`);
  expect(approval.status()).toBe(200);
  expect((await approval.json()).result.ok).toBe(false);

  const filter = encodeURIComponent(JSON.stringify({ target_id: order.id }));
  await page.goto(`/admin/audit-events?filter=${filter}`);
  const failed = page.getByRole('row').filter({ hasText: 'Supplier submission failed' });
  await expect(failed).toContainText(`Order ${order.order_number}`);
  await expect(failed).toContainText('Failure');
  await expect(failed).not.toContainText('Success');
  const approved = page.getByRole('row').filter({ hasText: 'Order approved and sent to the supplier' });
  await expect(approved).toContainText(DEMO.admin);
  await expect(approved).toContainText(`Order ${order.order_number}`);
  await expect(page.getByText(order.id)).toHaveCount(0);
});

test('an audit event opens with its details, and its page stays open', async ({ page }) => {
  await page.goto(`/admin/audit-events?filter=${encodeURIComponent(JSON.stringify({ action: 'auth.sign_in' }))}`);
  // The page first paints the row the list already has, then reads the event itself; a failed read
  // would send the admin back to the list, so the test waits for that read before judging the page.
  const eventRead = page.waitForResponse(
    (response) => /\/api\/admin\/audit-events\/\d+$/.test(new URL(response.url()).pathname),
    { timeout: 10_000 },
  );
  await page.getByRole('cell', { name: 'Signed in', exact: true }).first().click();
  expect((await eventRead).status()).toBe(200);
  await expect(page).toHaveURL(/\/admin\/audit-events\/\d+\/show$/);
  await expect(page.getByText('Details')).toBeVisible();
  await expect(page.locator('pre')).toContainText('{');
  await expect(page.getByText('Signed in', { exact: true })).toBeVisible();
  await expect(page.getByText('auth.sign_in', { exact: true })).toBeVisible();
});
