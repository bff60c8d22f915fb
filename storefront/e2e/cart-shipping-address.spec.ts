import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { addToCart, listProducts, signInAsNewDoctor, type CatalogueProduct } from './support/portal.js';

const cartDrawer = (page: Page) => page.getByRole('dialog', { name: /^Shopping Cart/ });

test('the cart asks for a shipping address before an order is made, with a link to add it', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '', { hasShippingAddress: false });
  const [product] = (await listProducts(page)) as [CatalogueProduct];
  await addToCart(page, product.asin, 1);
  await page.goto('/catalog');
  await page.getByRole('button', { name: /^Shopping cart/ }).click();
  const warning = cartDrawer(page)
    .getByRole('alert')
    .filter({ hasText: 'Add your shipping address before you submit' });
  await expect(warning).toContainText('an order without one cannot be submitted');
  // Submit stays off even once authorized, and the server refuses such an order all the same.
  await cartDrawer(page).getByRole('checkbox', { name: 'I authorize this order request' }).check();
  await expect(cartDrawer(page).getByRole('button', { name: 'Submit Order' })).toBeDisabled();
  const refused = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': `e2e-no-address-${Date.now()}` },
    data: { lines: [{ asin: product.asin, quantity: 1 }] },
  });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toMatchObject({
    code: 'SHIPPING_ADDRESS_REQUIRED',
    message: 'Add your shipping address in Settings before you order.',
  });
  const orders = await page.request.get('/api/orders');
  expect(((await orders.json()) as { data: unknown[] }).data).toHaveLength(0);
  await warning.getByRole('link', { name: 'Add shipping address' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // Once the address is saved, the cart no longer asks.
  const saved = await page.request.put('/api/me/shipping-address', {
    data: { full_name: 'Morgan Lee', street_line1: '1 Ward Rd', city: 'Boston', state: 'MA', postal_code: '02115' },
  });
  expect(saved.status()).toBe(200);
  await page.goto('/catalog');
  await page.getByRole('button', { name: /^Shopping cart/ }).click();
  await expect(cartDrawer(page).getByRole('button', { name: 'Submit Order' })).toBeVisible();
  await expect(cartDrawer(page).getByText('Add your shipping address before you submit')).toHaveCount(0);
});
