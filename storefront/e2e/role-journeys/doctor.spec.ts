import { formatUsd } from '@supply-hub/api/contracts/money-format';

import { DEMO as BACK_OFFICE, withApi } from '../../../backoffice/e2e/support/backoffice.js';
import { ONE_ADMIN_LEVEL, saveApprovalLevels } from '../../../backoffice/e2e/support/orders.js';
import { expect as baseExpect, test } from '../../../scripts/e2e/portal-test.js';
import { listProducts, signInAsNewDoctor, submitFromDrawer, type CatalogueProduct } from '../support/portal.js';
import { saveShippingAddress } from '../support/wards.js';

// The sandbox supplier confirms at once and ships on a later tick (test-server.mjs): live updates.
const expect = baseExpect.configure({ timeout: 20_000 });

// The levels are the whole portal's: put back the default one level.
test.afterEach(async ({ baseURL }) => {
  await saveApprovalLevels(baseURL ?? '', ONE_ADMIN_LEVEL);
});

test('a doctor orders from the catalogue, the order passes two approval levels, she tracks it and receives it in two parts', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const base = baseURL ?? '';
  await signInAsNewDoctor(page, base);
  await saveShippingAddress(page);
  // Two levels from the first cent: an administrator, then finance.
  await saveApprovalLevels(base, [
    { threshold: 0, roles: ['admin'] },
    { threshold: '0.01', roles: ['finance'] },
  ]);
  const [product] = (await listProducts(page)) as [CatalogueProduct];

  // The catalogue: four of the first item into the cart, then Submit Order from the cart.
  await page.goto('/catalog');
  const item = page.getByRole('article', { name: product.title });
  for (let more = 0; more < 3; more += 1) await item.getByRole('button', { name: 'Increase quantity' }).click();
  await item.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: 'Shopping cart, 4 items' })).toBeVisible();
  await page.getByRole('button', { name: /^Shopping cart/ }).click();
  const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ });
  const placed = page.waitForResponse(
    (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
  );
  expect(await submitFromDrawer(page, drawer)).toBe(201);
  const order = (await (await placed).json()) as { id: string; order_number: string; total_amount: string };
  const total = formatUsd(order.total_amount);
  expect(Number(order.total_amount)).toBeCloseTo(4 * Number(product.price), 2);

  // Her orders: pending, at the ordered total.
  await page.goto('/orders');
  const card = page.getByRole('article', { name: order.order_number });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card.getByText(total, { exact: true }).first()).toBeVisible();

  // Level 1 by an administrator leaves it pending; level 2 by finance sends it to the supplier.
  await withApi(base, BACK_OFFICE.admin, async (admin) => {
    expect((await admin.post(`/api/admin/orders/${order.id}/approve`, { data: { level: 1 } })).status()).toBe(200);
    const read = (await (await admin.get(`/api/admin/orders/${order.id}`)).json()) as {
      status: string;
      approval: { waiting_for: unknown[] };
    };
    expect(read.status).toBe('pending');
    expect(read.approval.waiting_for).toHaveLength(1);
  });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await withApi(base, BACK_OFFICE.finance, async (finance) => {
    expect((await finance.post(`/api/admin/orders/${order.id}/approve`)).status()).toBe(200);
  });
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();

  // Tracking: the supplier shipped half and backordered the rest.
  const delivery = card.getByRole('region', { name: `Delivery of ${order.order_number}` });
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly shipped · expected /, {
    timeout: 45_000,
  });
  await expect(delivery.getByRole('link', { name: 'Track shipment' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.ups\.com\/track\?tracknum=1Z[0-9A-F]{16}$/,
  );
  await expect(delivery.getByText(`2 × ${product.title} backordered, expected `, { exact: false })).toBeVisible();

  // Part of it first: one unit.
  await delivery.getByRole('button', { name: 'Receive part' }).click();
  const form = delivery.getByRole('form', { name: `Receive items of ${order.order_number}` });
  await form.getByLabel('Quantity').fill('1');
  await form.getByRole('button', { name: 'Record receipt' }).click();
  await expect(delivery.getByText('Receipt recorded.')).toBeVisible();
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly received/);

  // Then the rest, the backordered units included: the order reads received, its total unchanged.
  await delivery.getByRole('button', { name: 'Received in full' }).click();
  const question = delivery.getByRole('alertdialog', { name: 'Units not shipped yet' });
  await question.getByRole('button', { name: 'Receive them too' }).click();
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText('Received');
  await expect(delivery.getByText(/backordered, expected/)).toHaveCount(0);
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(card.getByText(total, { exact: true }).first()).toBeVisible();
  await delivery.getByRole('button', { name: 'Show history' }).click();
  const history = delivery.getByRole('list', { name: 'Order history' });
  // The two receipts: the one unit first, then the other shipped unit with the two backordered.
  await expect(history.getByText(`Received 1 × ${product.title} · `, { exact: false })).toBeVisible();
  await expect(history.getByText(`Received 3 × ${product.title} · `, { exact: false })).toBeVisible();
  const closed = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as {
    total_amount: string;
    fulfilment: { fulfilment_status: string };
  };
  expect(closed).toMatchObject({ total_amount: order.total_amount, fulfilment: { fulfilment_status: 'received' } });
});
