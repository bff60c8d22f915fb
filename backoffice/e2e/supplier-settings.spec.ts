import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin } from './support/backoffice.js';
import { orderOfNewDoctor } from './support/orders.js';

async function punchoutSettings(page: Page) {
  const response = await page.request.get('/api/admin/settings/punchout');
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function openPunchoutCard(page: Page) {
  await page.goto('/admin/settings');
  const punchout = page.getByRole('region', { name: 'Punchout Settings' });
  await punchout.getByRole('button', { name: 'Punchout Settings' }).click();
  return punchout;
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('an order URL outside SUPPLIER_ALLOWED_HOSTS is refused in production mode and saved with a warning in test mode', async ({
  page,
}) => {
  const original = await punchoutSettings(page);
  try {
    const punchout = await openPunchoutCard(page);
    const testMode = punchout.getByLabel('Test mode', { exact: false });
    if (await testMode.isChecked()) await testMode.click();
    await punchout.getByRole('textbox', { name: 'Punchout URL', exact: true }).fill('https://not-allowed.example/cxml');
    await punchout.getByRole('button', { name: 'Save Punchout Settings' }).click();
    await expect(punchout.getByText(/not-allowed\.example:443 is not in SUPPLIER_ALLOWED_HOSTS/).first()).toBeVisible();
    await expect(punchout.getByText(/production mode such a URL is not saved/)).toBeVisible();
    expect((await punchoutSettings(page)).punchout_url).toBe(original.punchout_url);

    await testMode.click();
    await punchout.getByRole('button', { name: 'Save Punchout Settings' }).click();
    await expect(punchout.getByText('Saved ✓')).toBeVisible();
    const warning = punchout.getByRole('alert').filter({ hasText: 'These settings cannot work yet' });
    await expect(warning).toContainText('not-allowed.example:443 is not in SUPPLIER_ALLOWED_HOSTS');
    expect((await punchoutSettings(page)).punchout_url).toBe('https://not-allowed.example/cxml');

    // The health page says what is wrong instead of "Configured".
    await page.goto('/admin/health');
    await expect(page.getByText('Not working').first()).toBeVisible();
    await expect(page.getByText(/not-allowed\.example:443 is not in SUPPLIER_ALLOWED_HOSTS/).first()).toBeVisible();
  } finally {
    const {
      updated_at: _at,
      shared_secret_masked: _m,
      inbound_shared_secret_masked: _i,
      problems: _p,
      ...restore
    } = original;
    expect((await page.request.put('/api/admin/settings/punchout', { data: restore })).status()).toBe(200);
  }
});

test('"Send a test OrderRequest" shows the sandbox supplier’s answer', async ({ page }) => {
  const punchout = await openPunchoutCard(page);
  await expect(punchout.getByRole('alert').filter({ hasText: 'These settings cannot work yet' })).toHaveCount(0);
  await punchout.getByRole('button', { name: 'Send a test OrderRequest' }).click();
  await expect(punchout.getByRole('status').filter({ hasText: 'The supplier accepted the test order' })).toContainText(
    /TEST-\d{14}: HTTP 200, cXML 200 OK/,
  );
});

test('the approvals screen says why an order cannot be approved before anyone clicks', async ({ page, baseURL }) => {
  const { doctor, order } = await orderOfNewDoctor(baseURL ?? '', 'blocked', { withAddress: false, quantity: 1 });
  // Newest first: the demo's own pending orders come before it otherwise.
  await page.goto('/admin/approvals?sort=created_at&order=DESC');
  const card = page.getByRole('article', { name: order.order_number, exact: true });
  const blocked = card.getByRole('alert').filter({ hasText: 'This order cannot be approved yet' });
  await expect(blocked).toContainText(`${doctor.name} has no shipping address`);
  await expect(blocked).toContainText('adds it in the portal’s Settings (Shipping address)');
});
