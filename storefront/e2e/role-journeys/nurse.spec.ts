import { expect as baseExpect, test } from '../../../scripts/e2e/portal-test.js';
import { expectNoHorizontalOverflow, expectTappable, PHONE_SCREEN } from '../support/phone-screen.js';
import { withAdmin, type CatalogueProduct } from '../support/portal.js';
import { approveAsDemoAdmin, newWardLocation, saveShippingAddress, signInAsWardMember } from '../support/wards.js';

// The sandbox supplier confirms at once and ships on a later tick (test-server.mjs): live updates.
const expect = baseExpect.configure({ timeout: 20_000 });
test.use(PHONE_SCREEN);

test('a nurse counts her par cart, submits the top-up, follows it to the supplier, receives it and pauses the standing order set in her name', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const base = baseURL ?? '';
  const [product] = await withAdmin(base, async (admin) => {
    return ((await (await admin.get('/api/products?per_page=1')).json()) as { data: CatalogueProduct[] }).data;
  });
  const location = await newWardLocation(base, [{ asin: product!.asin, par: 4, reorder_point: null, pack_size: 1 }], {
    prefix: 'N',
  });
  const nurse = await signInAsWardMember(page, base, location.departmentId);
  await saveShippingAddress(page);
  // An administrator set a weekly standing order for the par cart, placed as this nurse (starting
  // in the future: the standing-orders job must not place it while the journey runs).
  const standingName = `Weekly gloves ${location.name}`;
  await withAdmin(base, async (admin) => {
    const created = await admin.post('/api/admin/standing-orders', {
      data: {
        name: standingName,
        schedule: { kind: 'weekly', weekdays: [1] },
        start_date: '2030-01-07',
        lines: [{ asin: product!.asin, quantity: 6 }],
        location_id: location.id,
        user_id: nurse.id,
      },
    });
    expect(created.status()).toBe(201);
  });

  // Count: nothing on hand, so the top-up is the par of 4; she submits it as the location's order.
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Count and top up' }).click();
  await page.getByRole('link', { name: new RegExp(location.name) }).click();
  await expect(page.getByRole('heading', { name: location.name })).toBeVisible();
  await page.getByRole('textbox', { name: `On hand: ${product!.title}` }).fill('0');
  const submit = page.getByRole('button', { name: 'Submit as order' });
  await expectTappable(submit);
  await submit.click();
  const saved = page.getByRole('status').filter({ hasText: 'Count saved.' });
  await expect(saved).toContainText(/Count saved\. Order SO-\d+ submitted for approval\./);
  const orderNumber = /Order (SO-\d+)/.exec((await saved.textContent()) ?? '')![1]!;

  // Her orders: the order waits for approval, for the par cart.
  await saved.getByRole('link', { name: 'See your orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const card = page.getByRole('article', { name: orderNumber });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card).toContainText(location.name);
  await expect(card.getByRole('list', { name: `Items of ${orderNumber}` })).toContainText(`Qty 4 ×`);
  await expectNoHorizontalOverflow(page);

  // An administrator approves; the open page follows the order to the supplier, who ships part.
  const { data: orders } = (await (await page.request.get('/api/orders')).json()) as {
    data: { id: string; order_number: string }[];
  };
  await approveAsDemoAdmin(base, orders.find((order) => order.order_number === orderNumber)!.id);
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  const delivery = card.getByRole('region', { name: `Delivery of ${orderNumber}` });
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly shipped · expected /, {
    timeout: 45_000,
  });
  await expect(delivery.getByText(/^2 × .+ backordered, expected /)).toBeVisible();

  // She receives what came, and the backordered units with it.
  const receiveAll = delivery.getByRole('button', { name: 'Received in full' });
  await receiveAll.scrollIntoViewIfNeeded();
  await expectTappable(receiveAll);
  await receiveAll.click();
  const question = delivery.getByRole('alertdialog', { name: 'Units not shipped yet' });
  await expect(question).toContainText(`2 × ${product!.title} were not shipped yet (backordered). Receive them too?`);
  await question.getByRole('button', { name: 'Receive them too' }).click();
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText('Received');
  await expect(delivery.getByText(`2 × ${product!.title} backordered, since received`)).toBeVisible();

  // The standing order the administrator set in her name: she may pause it, not change it.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Standing orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Standing orders' })).toBeVisible();
  const standing = page.getByRole('article', { name: standingName });
  await expect(standing).toContainText(
    `For ${location.name}, set by an administrator: you may pause it; an administrator changes it.`,
  );
  await expect(standing.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(standing).toContainText('Next order: 2030-01-07');
  await standing.getByRole('button', { name: 'Pause' }).click();
  await expect(standing).toContainText('Paused: nothing is ordered until you resume it.');
  await expect(standing.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const mine = (await (await page.request.get('/api/standing-orders')).json()) as {
    data: { name: string; paused: boolean }[];
  };
  expect(mine.data.find((order) => order.name === standingName)?.paused).toBe(true);
});
