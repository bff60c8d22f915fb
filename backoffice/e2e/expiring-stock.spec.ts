import { readFile } from 'node:fs/promises';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO_PASSWORD } from './support/backoffice.js';

const LOGISTICS = 'logistics@demo.supplyhub.test';

test('a logistics admin lands on Expiring stock, narrows it to 30 days and downloads it as CSV', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: LOGISTICS, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  // The back office's one page for logistics: any other path leads there.
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/expiring-stock$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Expiring stock' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Expiring lots' });
  await expect(table.getByRole('row', { name: /DEMO-PED-01/ })).toContainText('Expired');
  await expect(table.getByRole('row', { name: /DEMO-PED-05/ })).toBeVisible();

  await page.getByLabel('Within days').fill('30');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('status')).toContainText('within 30 days');
  await expect(table.getByRole('row', { name: /DEMO-PED-05/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /DEMO-PED-02/ })).toBeVisible();

  await page.getByLabel('Within days').fill('0');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toHaveText('within_days must be a whole number of days from 1 to 730.');
  // Back to the window shown: the refusal no longer stands.
  await page.getByLabel('Within days').fill('30');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^expiring-stock-\d{4}-\d{2}-\d{2}-30d\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\n')[0]).toContain('"lot","asin","title","expiry_date","days_left","status"');
  expect(csv).toContain('"DEMO-PED-01"');
  expect(csv).not.toContain('"DEMO-PED-05"');
});
