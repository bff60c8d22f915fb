import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { NEW_USER_PASSWORD, openOrderCard, orderOfNewDoctor, signInPageAs } from './support/orders.js';

// Demo mode: the sandbox supplier confirms, backorders part of the order and ships it by itself, through
// the inbound cXML endpoint (the sandbox-supplier-documents job runs every 5 s; test-server.mjs sets
// no delay). Each step reaches the doctor's open page as a live update.
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 120_000 });

test('a doctor orders, the admin approves, the sandbox supplier confirms with a backorder and ships; the doctor tracks and receives it', async ({
  page,
  baseURL,
}) => {
  const { doctor, order } = await orderOfNewDoctor(baseURL ?? '', 'fulfil', { withAddress: true, quantity: 4 });

  const adminCard = await openOrderCard(page, order);
  await adminCard.getByRole('button', { name: 'Approve & Order' }).click();
  await expect(page.getByText('Order Approved & Submitted')).toBeVisible();

  await signInPageAs(page, doctor.email, NEW_USER_PASSWORD);
  await page.goto('/orders');
  const delivery = page
    .getByRole('article', { name: order.order_number })
    .getByRole('region', { name: `Delivery of ${order.order_number}` });
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly shipped · expected /);
  await expect(delivery.getByText(/^2 × .+ backordered, expected [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  const tracking = delivery.getByRole('link', { name: 'Track shipment' });
  await expect(tracking).toHaveAttribute('href', /^https:\/\/www\.ups\.com\/track\?tracknum=1Z[0-9A-F]{16}$/);
  await expect(delivery.getByText(/^UPS 1Z[0-9A-F]{16}/)).toBeVisible();

  // 2 shipped, 2 backordered and never shipped: "Received in full" names them and asks first.
  await delivery.getByRole('button', { name: 'Received in full' }).click();
  const question = delivery.getByRole('alertdialog', { name: 'Units not shipped yet' });
  await expect(question).toContainText(/^2 × .+ were not shipped yet \(backordered\)\. Receive them too\?/);
  await question.getByRole('button', { name: 'Receive them too' }).click();
  await expect(delivery.getByText('Receipt recorded.')).toBeVisible();
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText('Received');
  await expect(delivery.getByRole('button', { name: 'Received in full' })).toHaveCount(0);

  await delivery.getByRole('button', { name: 'Show history' }).click();
  const history = delivery.getByRole('list', { name: 'Order history' });
  for (const step of [
    'Ordered',
    'Approved',
    'Sent to the supplier',
    'Confirmed by the supplier',
    'Backordered by the supplier',
    'Shipped',
    'Received 4 × .+',
  ]) {
    await expect(history.getByText(new RegExp(`^${step} · `))).toBeVisible();
  }
});
