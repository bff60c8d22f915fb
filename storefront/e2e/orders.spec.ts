import {
  DEMO,
  listProducts,
  placeOrder,
  signInAs,
  signInAsNewDoctor,
  withAdmin,
  type CatalogueProduct,
} from './support/portal.js';

import { expect, test } from '../../scripts/e2e/portal-test.js';

test('the orders page filters by status tab and department and explains an empty result', async ({ page, baseURL }) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [product] = (await listProducts(page)) as [CatalogueProduct];
  const order = await placeOrder(page, [{ asin: product.asin, quantity: 2 }]);
  await page.goto('/orders');

  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByText('Review and manage medical supply orders')).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText([/^All Orders/, /^Pending/, /^Approved/, /^Submitted/, /^Failed/, /^Rejected/]);
  await expect(page.getByRole('tab', { name: 'All Orders (1)' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('article', { name: order.order_number });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  // A new user without a department: the order shows 'Medical' (displayDepartment).
  await expect(card).toContainText('Medical');

  await page.getByRole('tab', { name: /^Rejected/ }).click();
  await expect(page.getByText('No orders found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters to see more orders.')).toBeVisible();
  await page.getByRole('tab', { name: /^Pending/ }).click();
  await expect(card).toBeVisible();

  const department = page.getByLabel('Department');
  await expect(department.locator('option')).toHaveText(['All Departments', 'Medical']);
  await department.selectOption('Medical');
  await expect(card).toBeVisible();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page).toHaveURL(/department=Medical/);

  // Order again puts the order's lines back in the cart.
  await card.getByRole('button', { name: /^Order again/ }).click();
  await expect(page.getByText('Added 2 item(s) to cart.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Shopping Cart (2 items)' })).toBeVisible();
});

test('the demo doctor sees only the chosen department and status among many orders', async ({ page }) => {
  await signInAs(page, DEMO.doctor);
  await page.goto('/orders?status=submitted');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const badge of await cards.getByText(/^(Pending|Approved|Submitted|Failed|Rejected)$/).allTextContents()) {
    expect(badge).toBe('Submitted');
  }
  await page.getByLabel('Department').selectOption('Emergency');
  await expect(cards.first()).toContainText('Emergency');
});

test('an order rejected by an admin shows its Rejection Reason without a reload', async ({ page, baseURL }) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [product] = (await listProducts(page)) as [CatalogueProduct];
  const order = await placeOrder(page, [{ asin: product.asin, quantity: 1 }]);
  await page.goto('/orders');
  const card = page.getByRole('article', { name: order.order_number });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const reason = 'Out of stock at the supplier until next month';
  await withAdmin(baseURL ?? '', async (admin) => {
    const response = await admin.post(`/api/admin/orders/${order.id}/reject`, { data: { reason } });
    expect(response.status()).toBe(200);
  });

  await expect(card.getByText('Rejected', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText('Rejection Reason')).toBeVisible();
  await expect(card.getByText(reason)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rejected (1)' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
