import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { addToCart, DEMO, listProducts, signInAs, signInAsNewDoctor, type CatalogueProduct } from './support/portal.js';

const cartDrawer = (page: Page) => page.getByRole('dialog', { name: /^Shopping Cart/ });

async function openCart(page: Page) {
  await page.getByRole('button', { name: /^Shopping cart/ }).click();
  await expect(cartDrawer(page)).toBeVisible();
}

test('a doctor fills the cart from the catalogue, changes quantities, removes lines and clears it', async ({
  page,
  baseURL,
}) => {
  // A long journey (with Clear's confirmation, twice): more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await signInAsNewDoctor(page, baseURL ?? '');
  const [first, second] = (await listProducts(page)) as [CatalogueProduct, CatalogueProduct];
  await page.goto('/catalog');
  await expect(page.getByRole('button', { name: 'Shopping cart, 0 items' })).toBeVisible();

  await page.getByRole('article', { name: first.title }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added 1 item(s) to cart.')).toBeVisible();
  const secondCard = page.getByRole('article', { name: second.title });
  await secondCard.getByRole('button', { name: 'Increase quantity' }).click();
  await secondCard.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: 'Shopping cart, 3 items' })).toBeVisible();

  await openCart(page);
  const drawer = cartDrawer(page);
  await expect(drawer.getByRole('heading', { name: 'Shopping Cart (3 items)' })).toBeVisible();
  const lines = drawer.getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText(first.title);
  await expect(lines.first()).toContainText(`SKU: ${first.sku}`);
  await expect(lines.first().getByRole('img', { name: first.title })).toHaveCount(0); // no image: a placeholder

  await drawer.getByRole('button', { name: `Increase quantity of ${first.title}` }).click();
  await expect(drawer.getByRole('heading', { name: 'Shopping Cart (4 items)' })).toBeVisible();
  await drawer.getByRole('button', { name: `Decrease quantity of ${second.title}` }).click();
  await expect(drawer.getByRole('heading', { name: 'Shopping Cart (3 items)' })).toBeVisible();
  await drawer.getByRole('button', { name: `Remove ${second.title} from cart` }).click();
  await expect(lines).toHaveCount(1);
  await drawer.getByRole('button', { name: `Decrease quantity of ${first.title}` }).click();
  // Minus at 1 removes the line.
  await drawer.getByRole('button', { name: `Remove ${first.title}`, exact: true }).click();
  await expect(drawer.getByText('Your cart is empty')).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Shopping Cart (0 items)' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Submit Order' })).toBeDisabled();

  // The server kept every change: a reload shows the same (empty) cart, then Clear empties a full one.
  await addToCart(page, first.asin, 2);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Shopping cart, 2 items' })).toBeVisible();
  await openCart(page);
  // Clear asks first: 'Keep items' keeps them, 'Clear cart' empties the cart.
  await cartDrawer(page).getByRole('button', { name: 'Clear' }).click();
  const confirm = page.getByRole('dialog', { name: 'Empty your cart?' });
  await expect(confirm).toContainText('This removes all 2 items from your cart.');
  await confirm.getByRole('button', { name: 'Keep items' }).click();
  await expect(confirm).toBeHidden();
  await expect(cartDrawer(page).getByRole('heading', { name: 'Shopping Cart (2 items)' })).toBeVisible();
  await cartDrawer(page).getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('dialog', { name: 'Empty your cart?' }).getByRole('button', { name: 'Clear cart' }).click();
  await expect(cartDrawer(page).getByText('Your cart is empty')).toBeVisible();
  await page.keyboard.press('Escape');
  // The header button is hidden from the accessibility tree while the drawer is open.
  await expect(cartDrawer(page)).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Shopping cart, 0 items' })).toBeVisible({ timeout: 15_000 });
});

test('a doctor ticks the authorization box, submits and finds the new pending order on /orders', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [first, second] = (await listProducts(page)) as [CatalogueProduct, CatalogueProduct];
  await addToCart(page, first.asin, 2);
  await addToCart(page, second.asin, 1);
  await page.goto('/catalog');
  await openCart(page);
  const drawer = cartDrawer(page);
  const submit = drawer.getByRole('button', { name: 'Submit Order' });
  await expect(submit).toBeDisabled();
  await drawer.getByRole('checkbox', { name: 'I authorize this order request' }).check();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByText('Order Submitted Successfully! ✅')).toBeVisible();
  await expect(page.getByText('Your order has been submitted for approval.')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(cartDrawer(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Shopping cart, 0 items' })).toBeVisible();

  const orders = (await (await page.request.get('/api/orders')).json()) as { data: { order_number: string }[] };
  expect(orders.data).toHaveLength(1);
  const card = page.getByRole('article', { name: orders.data[0]?.order_number });
  await expect(card).toBeVisible();
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card.getByText(first.title)).toBeVisible();
  await expect(card.getByText(/^Qty 2 × \$/)).toBeVisible();
  await expect(card.getByText(`ASIN: ${second.asin}`)).toBeVisible();
  await expect(card.getByText('Requested by Morgan Lee', { exact: false })).toBeVisible();
});

test('?qa=1 on the catalogue ticks the box and submits the cart in demo mode', async ({ page, baseURL }) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [first] = (await listProducts(page)) as [CatalogueProduct];
  await addToCart(page, first.asin, 1);
  await page.goto('/catalog?qa=1');
  await expect(page.getByText('Order Submitted Successfully! ✅')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('an admin sees the cart contents but is told admins cannot submit orders', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto('/catalog');
  await openCart(page);
  await expect(
    cartDrawer(page).getByText('Admin users can view cart contents but cannot submit orders.'),
  ).toBeVisible();
  await expect(cartDrawer(page).getByRole('button', { name: 'Submit Order' })).toHaveCount(0);
});
