import { expect, test } from '../../scripts/e2e/portal-test.js';
import {
  addToCart,
  listProducts,
  signInAsNewDoctor,
  submitFromDrawer,
  withAdmin,
  type CatalogueProduct,
} from './support/portal.js';

test('an order over the company’s order limit is refused with the reason under Submit Order', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [product] = (await listProducts(page)) as [CatalogueProduct];
  await addToCart(page, product.asin, 9999);
  const original = await withAdmin(baseURL ?? '', async (admin) => {
    const settings = (await (await admin.get('/api/admin/settings/automation')).json()) as Record<string, unknown>;
    const lowered = await admin.put('/api/admin/settings/automation', { data: { ...settings, max_order_total: 100 } });
    expect(lowered.status()).toBe(200);
    return settings;
  });
  try {
    await page.goto('/catalog');
    await page.getByRole('button', { name: /^Shopping cart/ }).click();
    const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ });
    expect(await submitFromDrawer(page, drawer)).toBe(422);
    await expect(
      drawer.getByText(
        /^This order totals \$[\d,]+\.\d\d, over the limit of \$100\.00 per order\. Split it into smaller orders or ask an administrator\.$/,
      ),
    ).toBeVisible();
    const orders = (await (await page.request.get('/api/orders')).json()) as { data: unknown[] };
    expect(orders.data).toEqual([]);
    expect(((await (await page.request.get('/api/cart')).json()) as { item_count: number }).item_count).toBe(9999);
  } finally {
    await withAdmin(baseURL ?? '', async (admin) => {
      expect((await admin.put('/api/admin/settings/automation', { data: original })).status()).toBe(200);
    });
  }
});
