import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin, uniqueTag } from './support/backoffice.js';

async function getSettings(page: Page, kind: 'company' | 'automation' | 'punchout') {
  const response = await page.request.get(`/api/admin/settings/${kind}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('Company Info saves and confirms with Saved ✓ for 3 seconds', async ({ page }) => {
  const original = await getSettings(page, 'company');
  try {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const company = card(page, 'Company Info');
    await expect(company.getByLabel('Company Name')).toHaveValue(String(original.name));

    await company.getByLabel('Contact Email').fill('not-an-email');
    await company.getByRole('button', { name: 'Save Company Settings' }).click();
    await expect(company.getByText('Please enter a valid email address')).toBeVisible();

    const phone = `+1 555 ${Math.floor(1000 + Math.random() * 8999)}`;
    await company.getByLabel('Contact Email').fill('purchasing@example.test');
    await company.getByLabel('Phone').fill(phone);
    await company.getByLabel('State').fill('MA');
    await company.getByRole('button', { name: 'Save Company Settings' }).click();
    await expect(company.getByText('Saved ✓')).toBeVisible();
    await expect(company.getByText('Saved ✓')).toBeHidden({ timeout: 5000 });
    expect(await getSettings(page, 'company')).toMatchObject({
      phone,
      contact_email: 'purchasing@example.test',
      bill_to_state: 'MA',
    });
  } finally {
    expect((await page.request.put('/api/admin/settings/company', { data: original })).status()).toBe(200);
  }
});

test('Automation Preferences save the switches and the auto-approve amount', async ({ page }) => {
  const original = await getSettings(page, 'automation');
  try {
    await page.goto('/admin/settings');
    const automation = card(page, 'Automation Preferences');
    const amount = Number(original.auto_approve_under_amount);
    await expect(automation.getByLabel(`Auto-approve orders under $${amount}`)).toBeVisible();
    await automation.getByLabel('Auto-approve amount (USD)').fill('250');
    await expect(automation.getByLabel('Auto-approve orders under $250')).toBeVisible();
    await automation.getByLabel('Auto-sync catalog daily').click();
    await automation.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(automation.getByText('Saved ✓')).toBeVisible();
    expect(await getSettings(page, 'automation')).toMatchObject({
      auto_sync_daily: !original.auto_sync_daily,
      auto_approve_under_amount: '250.00',
      auto_approve_enabled: original.auto_approve_enabled,
    });
  } finally {
    expect((await page.request.put('/api/admin/settings/automation', { data: original })).status()).toBe(200);
  }
});

test('Punchout Settings needs every field, and shows the secret only masked after a save', async ({ page }) => {
  const original = await getSettings(page, 'punchout');
  await page.goto('/admin/settings');
  const punchout = card(page, 'Punchout Settings');
  await punchout.getByRole('button', { name: 'Punchout Settings' }).click();
  await expect(punchout.getByLabel('Identity')).toHaveValue(String(original.identity));
  await expect(punchout.getByRole('textbox', { name: 'Punchout URL', exact: true })).toHaveValue(
    String(original.punchout_url),
  );
  await expect(punchout.getByLabel('Shared Secret')).toHaveValue('');
  await expect(punchout.getByText(/leave this empty to keep it/)).toBeVisible();
  // Demo mode points "Shop at supplier" at the sandbox's PunchOut shop.
  expect(original.shop_setup_url).toMatch(/\/sandbox\/supplier\/punchout\/setup$/);
  await expect(punchout.getByLabel('PunchOut Shopping URL (optional)')).toHaveValue(String(original.shop_setup_url));

  await punchout.getByLabel('Identity').fill('');
  await punchout.getByRole('button', { name: 'Save Punchout Settings' }).click();
  await expect(punchout.getByText('All fields are required').first()).toBeVisible();

  // The same sandbox address and identity, a new secret: approvals elsewhere keep working.
  const secret = uniqueTag('secret-');
  await punchout.getByLabel('Identity').fill(String(original.identity));
  await punchout.getByLabel('Shared Secret').fill(secret);
  await punchout.getByRole('button', { name: 'Save Punchout Settings' }).click();
  await expect(punchout.getByText('Saved ✓')).toBeVisible();
  await expect(punchout.getByText(/^Saved secret: ••••••••\./)).toBeVisible();
  await expect(punchout.getByLabel('Shared Secret')).toHaveValue('');
  await expect(page.getByText(secret)).toHaveCount(0);

  const saved = await getSettings(page, 'punchout');
  expect(saved).toMatchObject({
    identity: original.identity,
    shared_secret_masked: '••••••••',
    shop_setup_url: original.shop_setup_url,
  });
  expect(saved.updated_at).not.toBe(original.updated_at);
  expect(JSON.stringify(saved)).not.toContain(secret);
});

test('Punchout Settings: switching test mode alone saves without retyping the secret, which is kept', async ({
  page,
}) => {
  const original = await getSettings(page, 'punchout');
  try {
    await page.goto('/admin/settings');
    const punchout = card(page, 'Punchout Settings');
    await punchout.getByRole('button', { name: 'Punchout Settings' }).click();
    await expect(punchout.getByLabel('Shared Secret')).toHaveValue('');
    await punchout.getByLabel('Test mode', { exact: false }).click();
    await punchout.getByRole('button', { name: 'Save Punchout Settings' }).click();
    await expect(punchout.getByText('Saved ✓')).toBeVisible();
    await expect(punchout.getByText('All fields are required')).toHaveCount(0);
    const saved = await getSettings(page, 'punchout');
    expect(saved).toMatchObject({ test_mode: !original.test_mode, shared_secret_masked: '••••••••' });
  } finally {
    const { updated_at: _at, shared_secret_masked: _masked, ...restore } = original;
    expect((await page.request.put('/api/admin/settings/punchout', { data: restore })).status()).toBe(200);
  }
});

test('Punchout Settings keep the supplier’s inbound identity and secret, the secret only masked', async ({ page }) => {
  const original = await getSettings(page, 'punchout');
  await page.goto('/admin/settings');
  const punchout = card(page, 'Punchout Settings');
  await punchout.getByRole('button', { name: 'Punchout Settings' }).click();
  await expect(punchout.getByRole('heading', { name: 'Documents from the supplier' })).toBeVisible();
  const identity = punchout.getByRole('textbox', { name: 'Supplier Sender ID' });
  await expect(identity).toHaveValue(String(original.inbound_identity ?? ''));
  const secret = punchout.getByLabel('Supplier-to-Portal Secret');
  await secret.fill('too-short');
  await punchout.getByRole('button', { name: 'Save Punchout Settings' }).click();
  await expect(punchout.getByText('The inbound shared secret must be at least 16 characters')).toBeVisible();

  // The demo's sandbox supplier signs with whatever is stored here, so its identity stays.
  const newSecret = `inbound-${uniqueTag('secret')}-long`;
  await identity.fill('SANDBOX-SUPPLIER');
  await secret.fill(newSecret);
  await punchout.getByRole('button', { name: 'Save Punchout Settings' }).click();
  await expect(punchout.getByText('Saved ✓')).toBeVisible();
  await expect(punchout.getByLabel('Supplier-to-Portal Secret')).toHaveValue('');
  await expect(punchout.getByText(/^Supplier secret saved: ••••••••\. Leave this empty to keep it/)).toBeVisible();
  const saved = await getSettings(page, 'punchout');
  expect(saved).toMatchObject({ inbound_identity: 'SANDBOX-SUPPLIER', inbound_shared_secret_masked: '••••••••' });
  expect(JSON.stringify(saved)).not.toContain(newSecret);
});

test('a failure to load the punchout settings is reported with its message', async ({ page }) => {
  await page.route('**/api/admin/settings/punchout', (route) =>
    route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'Settings store offline' } }),
  );
  await page.goto('/admin/settings');
  await page.getByRole('button', { name: 'Punchout Settings' }).click();
  await expect(page.getByText('Failed to load punchout settings: Settings store offline')).toBeVisible();
});

test('the server’s refusal shows at its field and beside the button, and changes nothing', async ({ page }) => {
  const original = await getSettings(page, 'company');
  // The form checks the same schema before sending, so the body is spoiled on its way to the real API.
  await page.route('**/api/admin/settings/company', (route) =>
    route.request().method() === 'PUT'
      ? route.continue({
          postData: JSON.stringify({ ...(route.request().postDataJSON() as object), contact_email: 'not-an-email' }),
        })
      : route.fallback(),
  );
  await page.goto('/admin/settings');
  const company = card(page, 'Company Info');
  await company.getByLabel('Phone').fill('+1 555 0100');
  const refusal = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/api/admin/settings/company'),
  );
  await company.getByRole('button', { name: 'Save Company Settings' }).click();
  expect((await refusal).status()).toBe(400);
  await expect(company.getByText('Please enter a valid email address')).toBeVisible();
  await expect(company.getByRole('status')).toHaveText('Error saving');
  expect(await getSettings(page, 'company')).toEqual(original);
});

test('a refused punchout save gives the server’s reason', async ({ page }) => {
  await page.route('**/api/admin/settings/punchout', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: 'Settings store offline' } })
      : route.fallback(),
  );
  await page.goto('/admin/settings');
  const punchout = card(page, 'Punchout Settings');
  await punchout.getByRole('button', { name: 'Punchout Settings' }).click();
  await punchout.getByLabel('Shared Secret').fill(uniqueTag('secret-'));
  const refusal = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/api/admin/settings/punchout'),
  );
  await punchout.getByRole('button', { name: 'Save Punchout Settings' }).click();
  expect((await refusal).status()).toBe(503);
  await expect(punchout.getByRole('status')).toHaveText('Failed to save punchout settings: Settings store offline');
});
