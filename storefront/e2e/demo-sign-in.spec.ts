import { expect, test } from '../../scripts/e2e/portal-test.js';

test('demo mode offers "Try as doctor", which lands in the catalogue', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Try as doctor' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
});

test('"Try as admin" lands on the back-office dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Try as admin' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
