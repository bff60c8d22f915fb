import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin } from './support/backoffice.js';

interface CatalogAudit {
  csv_count: number;
  db_active_count: number;
  db_total_count: number;
  order_protected_count: number;
  missing_in_db: string[];
  extra_in_db: string[];
  status: 'perfect' | 'warning';
}

async function liveAudit(page: Page): Promise<CatalogAudit> {
  const response = await page.request.get('/api/admin/catalog/audit');
  expect(response.status()).toBe(200);
  return (await response.json()) as CatalogAudit;
}

/** Serves this audit instead of the live one (the live one depends on what other tests added). */
async function serveAudit(page: Page, audit: CatalogAudit) {
  await page.route('**/api/admin/catalog/audit', (route) => route.fulfill({ json: audit }));
}

const asins = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => `B0${prefix}${String(index).padStart(8 - prefix.length, '0')}`);

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the audit shows the four cards, the reconciliation, a sample and the state of the live catalogue', async ({
  page,
}) => {
  const audit = await liveAudit(page);
  await page.goto('/admin/catalog-audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog Audit' })).toBeVisible();
  const csv = page.getByRole('region', { name: 'CSV Products' });
  await expect(csv).toContainText('154');
  await expect(csv).toContainText('Source of truth, 154 expected');
  await expect(page.getByRole('region', { name: 'DB Active' })).toContainText(String(audit.db_active_count));
  await expect(page.getByRole('region', { name: 'DB Total' })).toContainText(String(audit.db_total_count));
  await expect(page.getByRole('region', { name: 'Protected' })).toContainText('Has active orders');
  const reconciliation = page.getByRole('region', { name: 'Last Reconciliation' });
  for (const figure of ['Upserted', 'Reactivated', 'Deactivated', 'Protected']) {
    await expect(reconciliation.getByText(figure, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Sample Active Products' }).getByRole('row')).toHaveCount(6);
  await expect(page.getByText(audit.status === 'perfect' ? 'Perfect Match' : 'Catalog Mismatch')).toBeVisible();

  await expect(page.getByRole('button', { name: 'Bootstrap Catalog (One-Time)' })).toBeDisabled();
  await expect(page.getByText('Already initialized')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View in backend dashboard' })).toHaveAttribute('href', '/admin/backend');
  await page.getByRole('link', { name: 'View Catalog' }).click();
  await expect(page).toHaveURL(/\/admin\/catalog$/);
});

test('a perfect audit shows Perfect Match', async ({ page }) => {
  const audit = await liveAudit(page);
  await serveAudit(page, { ...audit, db_active_count: 154, missing_in_db: [], extra_in_db: [], status: 'perfect' });
  await page.goto('/admin/catalog-audit');
  await expect(page.getByText('Perfect Match')).toBeVisible();
  await expect(page.getByText('Catalog Mismatch')).toHaveCount(0);
});

test('a mismatch lists the first 10 ASINs with a +N more badge', async ({ page }) => {
  const audit = await liveAudit(page);
  await serveAudit(page, {
    ...audit,
    missing_in_db: asins(12, 'MISS'),
    extra_in_db: asins(1, 'XTRA'),
    status: 'warning',
  });
  await page.goto('/admin/catalog-audit');
  await expect(page.getByText('Catalog Mismatch')).toBeVisible();
  await expect(page.getByText('12 missing in DB, 1 extra in DB')).toBeVisible();
  const missing = page.getByRole('region', { name: 'Missing in DB (12)' });
  await expect(missing.getByRole('listitem')).toHaveCount(11);
  await expect(missing.getByText('+2 more')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Extra in DB (1)' }).getByText('B0XTRA0000')).toBeVisible();
});

test('below 100 active products the bootstrap runs by itself once, and a skipped answer says so', async ({ page }) => {
  const audit = await liveAudit(page);
  let bootstraps = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/admin/catalog/bootstrap')) bootstraps += 1;
  });
  await serveAudit(page, { ...audit, db_active_count: 42 });
  await page.goto('/admin/catalog-audit');
  await expect(page.getByText('Bootstrap Skipped')).toBeVisible();
  await expect(page.getByText('Catalog already initialized.')).toBeVisible();
  // The answer carries the real audit: the button is disabled again.
  await expect(page.getByRole('button', { name: 'Bootstrap Catalog (One-Time)' })).toBeDisabled();
  expect(bootstraps).toBe(1);
});

test('a failed bootstrap shows the server message', async ({ page }) => {
  const audit = await liveAudit(page);
  await serveAudit(page, { ...audit, db_active_count: 42 });
  await page.route('**/api/admin/catalog/bootstrap', (route) =>
    route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'The catalog file is unreadable' } }),
  );
  await page.goto('/admin/catalog-audit');
  await expect(page.getByText('Bootstrap Failed')).toBeVisible();
  await expect(page.getByText('The catalog file is unreadable')).toBeVisible();
});

test('Export Active downloads the active catalogue as CSV', async ({ page }) => {
  await page.goto('/admin/catalog-audit');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Active' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^active-catalog-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe('"asin","sku","title","price","amazon_url"');
});

test('load and export failures show their errors', async ({ page }) => {
  await page.route('**/api/admin/catalog/audit', (route) =>
    route.fulfill({ status: 500, json: { code: 'X', message: 'x' } }),
  );
  await page.route('**/api/admin/catalog/export', (route) =>
    route.fulfill({ status: 500, json: { code: 'X', message: 'x' } }),
  );
  await page.goto('/admin/catalog-audit');
  await expect(page.getByText('Failed to load audit data.')).toBeVisible();
  await page.getByRole('button', { name: 'Export Active' }).click();
  await expect(page.getByText('Failed to export catalog.')).toBeVisible();
});
