import { readFile } from 'node:fs/promises';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin } from './support/backoffice.js';

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the Audit Log lists events, filters by action prefix and exports the filtered CSV', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await page.getByRole('menuitem', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-events/);
  await expect(page.getByRole('columnheader', { name: 'Action' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'auth.sign_in' }).first()).toBeVisible();

  await page.getByLabel('Action starts with').fill('auth.');
  await expect(page).toHaveURL(/auth\./);
  const actions = page.locator('td.column-action');
  await expect
    .poll(async () => {
      const texts = await actions.allTextContents();
      return texts.length > 0 && texts.every((text) => text.startsWith('auth.'));
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
  expect(JSON.parse(new URL(exportUrl).searchParams.get('filter') ?? '{}')).toEqual({ action: 'auth.' });
  const lines = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toContain('"action"');
  expect(lines.slice(1).every((line) => line.includes('"auth.'))).toBe(true);
});

test('an audit event opens with its details, and its page stays open', async ({ page }) => {
  await page.goto(`/admin/audit-events?filter=${encodeURIComponent(JSON.stringify({ action: 'auth.sign_in' }))}`);
  // The page first paints the row the list already has, then reads the event itself; a failed read
  // would send the admin back to the list, so the test waits for that read before judging the page.
  const eventRead = page.waitForResponse(
    (response) => /\/api\/admin\/audit-events\/\d+$/.test(new URL(response.url()).pathname),
    { timeout: 10_000 },
  );
  await page.getByRole('cell', { name: 'auth.sign_in' }).first().click();
  expect((await eventRead).status()).toBe(200);
  await expect(page).toHaveURL(/\/admin\/audit-events\/\d+\/show$/);
  await expect(page.getByText('Details')).toBeVisible();
  await expect(page.locator('pre')).toContainText('{');
  await expect(page.getByText('auth.sign_in', { exact: true })).toBeVisible();
});
