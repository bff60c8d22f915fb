import { expect, test } from '../../scripts/e2e/portal-test.js';

test('the sign-in page loads with its tabs and the HIPAA line', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Supply Hub');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByText('HIPAA Compliant • Secure • Encrypted')).toBeVisible();
});

test('/auth redirects to the sign-in page', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/login$/);
});

test('the portal reports itself healthy on its database', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', db: 'ok' });
});
