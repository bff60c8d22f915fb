import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, placeOrderAsNewDoctor, signInAsAdmin, uniqueTag, withApi } from './support/backoffice.js';

interface OrderCounts {
  all: number;
  pending: number;
  approved: number;
  submitted: number;
  failed: number;
  rejected: number;
  departments: string[];
}

async function orderCounts(page: Page, department?: string): Promise<OrderCounts> {
  const query = department ? `?department=${encodeURIComponent(department)}` : '';
  const response = await page.request.get(`/api/admin/order-counts${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as OrderCounts;
}

function orderCard(page: Page, orderNumber: string) {
  return page.getByRole('article', { name: orderNumber, exact: true });
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the orders page shows its title, the status tabs with a count each and the department filter', async ({
  page,
}) => {
  const counts = await orderCounts(page);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByText('Review and manage medical supply orders')).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Order status' });
  await expect(tabs.getByRole('tab', { name: `All Orders (${counts.all})` })).toHaveAttribute('aria-selected', 'true');
  for (const [label, count] of [
    ['Pending', counts.pending],
    ['Approved', counts.approved],
    ['Submitted', counts.submitted],
    ['Failed', counts.failed],
    ['Rejected', counts.rejected],
  ] as const) {
    await expect(tabs.getByRole('tab', { name: `${label} (${count})` })).toBeVisible();
  }

  await tabs.getByRole('tab', { name: /^Rejected/ }).click();
  const firstCard = page.getByRole('article').first();
  await expect(firstCard.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(firstCard.getByText('Rejection Reason')).toBeVisible();

  await tabs.getByRole('tab', { name: /^Failed/ }).click();
  await expect(
    page
      .getByRole('article')
      .first()
      .getByText(/^Error: /),
  ).toBeVisible();

  // The department filter narrows the list and the counts alike.
  const department = counts.departments.find((name) => name !== 'Medical') ?? counts.departments[0] ?? 'Medical';
  const departmentCounts = await orderCounts(page, department);
  await tabs.getByRole('tab', { name: /^All Orders/ }).click();
  await page.getByRole('combobox', { name: 'Department' }).click();
  await expect(page.getByRole('option', { name: 'All Departments' })).toBeVisible();
  await page.getByRole('option', { name: department, exact: true }).click();
  await expect(tabs.getByRole('tab', { name: `All Orders (${departmentCounts.all})` })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toContainText(department);
  for (const card of (await cards.all()).slice(0, 5)) await expect(card).toContainText(department);

  await page.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('option', { name: 'All Departments' }).click();
  await expect(tabs.getByRole('tab', { name: `All Orders (${counts.all})` })).toBeVisible();
});

test('an order card shows its number, status, requester, date, total and the lines as submitted', async ({
  page,
  baseURL,
}) => {
  const order = await placeOrderAsNewDoctor(baseURL ?? '', uniqueTag('card'));
  await page.goto('/admin/orders');
  const card = orderCard(page, order.order_number);
  await expect(card.getByRole('heading', { name: order.order_number })).toBeVisible();
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card.getByText(order.requester)).toBeVisible();
  await expect(card).toContainText('Medical');
  await expect(card.getByText('Total')).toBeVisible();
  await expect(card.getByText(/^Qty 2 × \$\d+\.\d{2} · ASIN: B0[A-Z0-9]{8}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
});

test('with a filter that matches nothing, the list says so and hints at the filters', async ({ page }) => {
  await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: 'no-such-order-zz9' }))}`);
  await expect(page.getByText('No orders found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters to see more orders.')).toBeVisible();
});

test('an admin rejects a fresh pending order with a reason', async ({ page, baseURL }) => {
  const order = await placeOrderAsNewDoctor(baseURL ?? '', uniqueTag('reject'));
  await page.goto('/admin/orders');
  const card = orderCard(page, order.order_number);
  await card.getByRole('button', { name: 'Reject', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: `Reject order ${order.order_number}` });
  await dialog.getByLabel('Reason (optional)').fill('Duplicate of an earlier request (e2e)');
  await dialog.getByRole('button', { name: 'Reject Order' }).click();

  await expect(page.getByText(`Order ${order.order_number} rejected`)).toBeVisible();
  await expect(card.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(card.getByText('Rejection Reason')).toBeVisible();
  await expect(card.getByText('Duplicate of an earlier request (e2e)')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);

  const stored = await page.request.get(`/api/admin/orders/${order.id}`);
  expect(await stored.json()).toMatchObject({
    status: 'rejected',
    rejection_reason: 'Duplicate of an earlier request (e2e)',
  });
});

test('rejecting without a reason records the default, and a refused rejection shows the error', async ({
  page,
  baseURL,
}) => {
  const first = await placeOrderAsNewDoctor(baseURL ?? '', uniqueTag('default'));
  const second = await placeOrderAsNewDoctor(baseURL ?? '', uniqueTag('race'));
  await page.goto('/admin/orders');

  await orderCard(page, first.order_number).getByRole('button', { name: 'Reject', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reject Order' }).click();
  await expect(orderCard(page, first.order_number).getByText('Rejected by admin')).toBeVisible();

  // Another admin rejects the second order while this dialog is open: the server answers 409.
  await orderCard(page, second.order_number).getByRole('button', { name: 'Reject', exact: true }).click();
  await withApi(baseURL ?? '', DEMO.admin, async (admin) => {
    expect((await admin.post(`/api/admin/orders/${second.id}/reject`, { data: {} })).status()).toBe(200);
  });
  await page.getByRole('dialog').getByRole('button', { name: 'Reject Order' }).click();
  await expect(page.getByText('Error: An order that is rejected cannot become rejected.')).toBeVisible();
});

test('Add Address on an order whose requester has none saves the address through the dialog', async ({
  page,
  baseURL,
}) => {
  const order = await placeOrderAsNewDoctor(baseURL ?? '', uniqueTag('addr'));
  await page.goto('/admin/orders');
  const card = orderCard(page, order.order_number);
  await expect(card.getByText('No address')).toBeVisible();
  await card.getByRole('button', { name: 'Add Address' }).click();

  const dialog = page.getByRole('dialog', { name: 'Shipping Address' });
  await expect(dialog.getByLabel('Full Name')).toHaveValue(order.requester);
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog.getByText('Street is required')).toBeVisible();
  await expect(dialog.getByText('City is required')).toBeVisible();

  await dialog.getByLabel('Street').fill('400 Lakeside Ave');
  await dialog.getByLabel('City').fill('Springfield');
  await dialog.getByLabel('State').click();
  await page.getByRole('option', { name: 'Illinois (IL)' }).click();
  await dialog.getByLabel('Postal Code').fill('62701');
  await dialog.getByRole('button', { name: 'Save Address' }).click();

  await expect(page.getByText('Shipping address saved')).toBeVisible();
  await expect(card.getByText('Ship to: Springfield, IL 62701')).toBeVisible();
  await expect(card.getByText('No address')).toHaveCount(0);
});

test('a failure to load the orders shows the error', async ({ page }) => {
  await page.route('**/api/admin/orders?*', (route) =>
    route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'Database unavailable' } }),
  );
  await page.goto('/admin/orders');
  await expect(page.getByText('Error: Failed to load orders: Database unavailable')).toBeVisible();
});
