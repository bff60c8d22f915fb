import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsNewDoctor } from './support/portal.js';

// The storefront's query client retries reads (GET) on a network error or a 5xx answer, never on a
// 4xx (the server meant it), and never retries a change.

/** Answers requests to `path` with `status` the first `times` times, then lets them through; counts them all. */
async function failFirst(page: Page, method: string, path: string, status: number, times: number) {
  const seen = { count: 0 };
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      seen.count += 1;
      if (seen.count > times) return route.fallback();
      return route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({ code: status >= 500 ? 'UNAVAILABLE' : 'FORBIDDEN', message: 'Not this time.' }),
      });
    },
  );
  return seen;
}

test('the orders page asks again after two 503 answers and shows the orders', async ({ page, baseURL }) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const orders = await failFirst(page, 'GET', '/api/orders', 503, 2);
  await page.goto('/orders');
  await expect(page.getByText('No orders found')).toBeVisible({ timeout: 10_000 });
  expect(orders.count).toBe(3);
});

test('a 4xx answer to a read is shown at once and not asked again', async ({ page, baseURL }) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const orders = await failFirst(page, 'GET', '/api/orders', 403, 1);
  await page.goto('/orders');
  await expect(page.getByText('Error: Failed to load orders: Not this time.')).toBeVisible();
  // Longer than the first retry's delay (1 s).
  await page.waitForTimeout(2_000);
  expect(orders.count).toBe(1);
});

test('a cart change that fails with 503 is sent once and reported', async ({ page, baseURL }) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  await page.goto('/catalog');
  await expect(page.getByRole('button', { name: 'Shopping cart, 0 items' })).toBeVisible();
  const adds = await failFirst(page, 'POST', '/api/cart/items', 503, 1);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('The product could not be added to your cart. Please try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shopping cart, 0 items' })).toBeVisible();
  await page.waitForTimeout(2_000);
  expect(adds.count).toBe(1);
});
