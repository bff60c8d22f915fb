import { expect, test } from '@playwright/test';

test('the back office loads under /admin and lands on the dashboard', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a deep link into the back office is served by its own app', async ({ page }) => {
  await page.goto('/admin/catalog-audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog Audit' })).toBeVisible();
});
