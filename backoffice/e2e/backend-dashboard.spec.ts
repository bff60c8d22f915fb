import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, DEMO_PASSWORD, signInAsAdmin } from './support/backoffice.js';

// AdminJS collapses its sidebar on narrower screens; it loads at the first admin visit (seconds).
test.use({ viewport: { width: 1600, height: 900 } });
test.setTimeout(90_000);

test('an admin opens the backend dashboard from the catalogue audit and finds the products there', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/catalog-audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog Audit' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'View in backend dashboard' }).click();

  await expect(page).toHaveURL(/\/admin\/backend$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Supply Hub backend dashboard' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByText('Catalogue', { exact: true }).click();
  await page.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/backend\/resources\/products/);
  await expect(page.getByRole('heading', { name: 'List' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // Read-only: no way to add a record.
  await expect(page.getByText(/create new/i)).toHaveCount(0);
});

test('the backend dashboard’s home is the portal’s own page, not the stock AdminJS one', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/backend');
  await expect(page.getByRole('heading', { level: 2, name: 'Supply Hub backend dashboard' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByText('These are the portal’s raw database tables, exactly as stored.', { exact: false }),
  ).toBeVisible();
  await expect(
    page.getByText('Read-only: nothing can be created, edited or deleted here.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Join the Discord community')).toHaveCount(0);
  await expect(page.getByText('Contact us')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the back office' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a signed-out admin opening the backend dashboard signs in and arrives there', async ({ page }) => {
  await page.goto('/admin/backend');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fbackend$/);
  await page.getByLabel('Email').fill(DEMO.admin);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/backend$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Supply Hub backend dashboard' })).toBeVisible({
    timeout: 30_000,
  });
});

test('a doctor visiting /admin/backend is sent to the catalogue, finance to the reports', async ({ page }) => {
  for (const [email, home] of [
    [DEMO.doctor, /\/catalog$/],
    [DEMO.finance, /\/admin\/reports$/],
  ] as const) {
    await page.context().clearCookies();
    const login = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    expect(login.status()).toBe(200);
    await page.goto('/admin/backend');
    await expect(page).toHaveURL(home);
    await expect(page.getByText('Supply Hub backend dashboard')).toHaveCount(0);
  }
});
