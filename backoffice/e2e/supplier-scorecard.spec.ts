import { SUPPLIER_SCORECARD_COLUMNS } from '@supply-hub/api/contracts';
import { expect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin } from './support/backoffice.js';

interface FulfilmentLine {
  ordered: number;
  confirmed_quantity: number;
  backordered_quantity: number;
  rejected_quantity: number;
}

const pad = (value: number) => String(value).padStart(2, '0');
const columnIndex = (key: (typeof SUPPLIER_SCORECARD_COLUMNS)[number]['key']) =>
  SUPPLIER_SCORECARD_COLUMNS.findIndex((column) => column.key === key);

/**
 * A month two months back holds only the demo's history (the other journeys send their orders
 * now), so the test counts its orders by hand from each order's fulfilment and holds the table to it.
 */
test('the supplier scorecard counts what the orders show, and a figure opens exactly its orders', async ({ page }) => {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth() - 2, 1);
  const month = `${first.getFullYear()}-${pad(first.getMonth() + 1)}`;
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  await signInAsAdmin(page);
  await page.goto(`/admin/reports?tab=suppliers&from=${month}-01&to=${month}-${pad(last)}`);

  const table = page.getByRole('table', { name: 'Supplier scorecard per supplier and month sent' });
  const row = table.getByRole('row').filter({ hasText: month });
  await expect(row).toHaveCount(1);
  const supplier = (await row.getByRole('rowheader').textContent())!.trim();
  const cell = (key: Parameters<typeof columnIndex>[0]) => row.getByRole('cell').nth(columnIndex(key) - 1);

  // By hand: every order of the month and each line's confirmed and backordered units.
  const filter = JSON.stringify({ scorecard: 'sent', supplier, sent_month: month });
  const listed = await page.request.get(`/api/admin/orders?filter=${encodeURIComponent(filter)}&range=[0,199]`);
  const sent = (await listed.json()) as { id: string; order_number: string }[];
  let units = 0;
  let confirmedUnits = 0;
  let lines = 0;
  const backorderedOrders: string[] = [];
  let backorderedLines = 0;
  for (const order of sent) {
    const answer = await page.request.get(`/api/admin/orders/${order.id}/fulfilment`);
    const orderLines = ((await answer.json()) as { fulfilment: { lines: FulfilmentLine[] } }).fulfilment.lines;
    const isConfirmed = orderLines.some(
      (line) => line.confirmed_quantity + line.backordered_quantity + line.rejected_quantity > 0,
    );
    if (!isConfirmed) continue;
    units += orderLines.reduce((sum, line) => sum + line.ordered, 0);
    confirmedUnits += orderLines.reduce((sum, line) => sum + Math.min(line.confirmed_quantity, line.ordered), 0);
    lines += orderLines.length;
    const backordered = orderLines.filter((line) => line.backordered_quantity > 0).length;
    backorderedLines += backordered;
    if (backordered > 0) backorderedOrders.push(order.order_number);
  }
  expect(sent.length).toBeGreaterThan(0);
  expect(backorderedOrders.length).toBeGreaterThan(0);

  await expect(cell('orders_sent')).toHaveText(String(sent.length));
  await expect(cell('fill_rate')).toContainText(`${confirmedUnits} of ${units} units`);
  await expect(cell('lines_backordered')).toContainText(
    `${backorderedLines} of ${lines} lines · ${backorderedOrders.length} ${backorderedOrders.length === 1 ? 'order' : 'orders'}`,
  );
  await expect(page.getByText('Definitions')).toBeVisible();

  // The backorder figure opens the orders list on exactly those orders.
  await cell('lines_backordered').getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/orders\?/);
  await expect(page.getByText(`Supplier scorecard: ${supplier} · ${month} · with a backordered line`)).toBeVisible();
  for (const orderNumber of backorderedOrders) {
    await expect(page.getByRole('article', { name: orderNumber, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('article')).toHaveCount(backorderedOrders.length);
});
