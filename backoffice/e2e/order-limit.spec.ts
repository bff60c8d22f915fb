import { expect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin } from './support/backoffice.js';

test('Automation Preferences set the order limit, refusing one under $1', async ({ page }) => {
  test.setTimeout(90_000); // a settings page, its chunks and three saves, on a busy machine
  await signInAsAdmin(page);
  const before = await page.request.get('/api/admin/settings/automation');
  const original = (await before.json()) as Record<string, unknown>;
  expect(original.max_order_total).toBe('250000.00');
  try {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 15_000 });
    const automation = page.getByRole('region', { name: 'Automation Preferences' });
    const limit = automation.getByLabel('Order limit (USD)');
    await expect(limit).toHaveValue('250000');
    await limit.fill('0');
    await automation.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(automation.getByText('Enter a limit of at least $1')).toBeVisible();
    await limit.fill('75000');
    await automation.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(automation.getByText('Saved ✓')).toBeVisible();
    const saved = (await (await page.request.get('/api/admin/settings/automation')).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ ...original, max_order_total: '75000.00' });
  } finally {
    expect((await page.request.put('/api/admin/settings/automation', { data: original })).status()).toBe(200);
  }
});
