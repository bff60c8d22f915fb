import { expect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsNewDoctor } from './support/portal.js';

// The cart's changes are optimistic (TanStack Query mutations): shown before the server answers,
// taken back when it refuses, with the same texts as before.

test('Add to Cart shows the item before the server answers, and takes it back with the reason when refused', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  await page.goto('/catalog');
  const cartButton = (count: number) =>
    page.getByRole('button', { name: `Shopping cart, ${count} ${count === 1 ? 'item' : 'items'}` });
  await expect(cartButton(0)).toBeVisible();

  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/cart/items', async (route) => {
    await answered;
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'PRODUCT_NOT_IN_CATALOG', message: 'This product is no longer in the catalog.' }),
    });
  });
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  // Optimistic: counted while the request is still open.
  await expect(cartButton(1)).toBeVisible();

  answer();
  await expect(page.getByText('This product is no longer in the catalog.')).toBeVisible();
  await expect(cartButton(0)).toBeVisible();
  await expect(page.getByText(/^Added \d+ item\(s\) to cart\.$/)).toHaveCount(0);
});

test('quick quantity changes in the drawer land in order and the server keeps the last one', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  await page.goto('/catalog');
  const firstCard = page.getByRole('article').first();
  const title = (await firstCard.getByRole('heading').first().textContent()) ?? '';
  await firstCard.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: 'Shopping cart, 1 item' })).toBeVisible();

  await page.getByRole('button', { name: /^Shopping cart/ }).click();
  const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ });
  const increase = drawer.getByRole('button', { name: `Increase quantity of ${title}` });
  for (let click = 0; click < 4; click += 1) await increase.click();
  await expect(drawer.getByRole('heading', { name: 'Shopping Cart (5 items)' })).toBeVisible();

  // Every change answered in turn: the server's cart holds the last quantity.
  await expect
    .poll(async () => {
      const cart = (await (await page.request.get('/api/cart')).json()) as { item_count: number };
      return cart.item_count;
    })
    .toBe(5);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Shopping cart, 5 items' })).toBeVisible();
});
