// The named export: the default one does not type-check under the scripts' NodeNext resolution.
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import {
  listProducts,
  placeOrder,
  signInAs,
  signInAsNewDoctor,
  withAdmin,
  type CatalogueProduct,
  type PlacedOrder,
} from './support/portal.js';
import { freshGtin } from '../../scripts/e2e/gtin.js';
import { expectNoHorizontalOverflow, expectTappable, PHONE_SCREEN } from './support/phone-screen.js';

// The sandbox supplier confirms at once, backorders part of the order and ships the rest on a later
// tick of its job (test-server.mjs); each step reaches the requester's open page as a live update.
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 120_000 });

const LOGISTICS = 'logistics@demo.supplyhub.test';
const ORDER_DETAIL = /^\/api\/(orders|receiving\/orders)\/[0-9a-f-]{36}$/;

/** A new doctor's order of 4 items with a ship-to, pending approval. */
async function pendingOrderOfNewDoctor(page: Page, baseURL: string): Promise<PlacedOrder> {
  await signInAsNewDoctor(page, baseURL);
  const address = await page.request.put('/api/me/shipping-address', {
    data: { full_name: 'Ward 4B', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' },
  });
  expect(address.status()).toBe(200);
  const [product] = (await listProducts(page)) as [CatalogueProduct];
  return placeOrder(page, [{ asin: product.asin, quantity: 4 }]);
}

async function approve(baseURL: string, order: PlacedOrder): Promise<void> {
  await withAdmin(baseURL, async (admin) => {
    expect((await admin.post(`/api/admin/orders/${order.id}/approve`)).status()).toBe(200);
  });
}

/** Waits, through the requester's own API, until the sandbox supplier has shipped the order (in part). */
async function waitUntilShipped(page: Page, order: PlacedOrder): Promise<void> {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/orders/${order.id}`)).json()) as OrderBody).fulfilment.fulfilment_status,
    )
    .toBe('partially_shipped');
}
interface OrderBody {
  fulfilment: { fulfilment_status: string | null };
}

/** Approves the order, waits for the sandbox supplier's shipment and opens its delivery on /orders. */
async function shippedDeliveryOnOrdersPage(page: Page, baseURL: string, order: PlacedOrder): Promise<Locator> {
  await approve(baseURL, order);
  await waitUntilShipped(page, order);
  await page.goto('/orders');
  return page
    .getByRole('article', { name: order.order_number })
    .getByRole('region', { name: `Delivery of ${order.order_number}` });
}

/** WCAG 2.x A and AA, serious or critical (as accessibility.spec.ts), once MUI's transitions have ended. */
async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target).join(', ')})`);
  expect(blocking).toEqual([]);
}

/** The title of the order's first line, as the requester's API gives it. */
async function titleOfFirstLine(page: Page, order: PlacedOrder): Promise<string> {
  const answer = await page.request.get(`/api/orders/${order.id}`);
  return ((await answer.json()) as { lines: { title: string }[] }).lines[0]!.title;
}

/** Every visible link and button inside is at least 24 × 24 px (WCAG 2.2 target size, minimum). */
async function expectTapTargetsAtLeast24(scope: Locator): Promise<void> {
  const small = await scope.locator('a, button').evaluateAll((elements) =>
    elements
      .map((element) => ({ name: element.textContent?.trim() ?? '', box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && (box.width < 24 || box.height < 24))
      .map(({ name, box }) => `${name} (${Math.round(box.width)} × ${Math.round(box.height)})`),
  );
  expect(small).toEqual([]);
}

/** Scrolled to (a phone shows a card a screen at a time), then tappable inside the screen. */
async function expectReachable(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await expectTappable(locator);
}

test('an order approved and confirmed by the supplier while the orders page is open updates without a reload, with no request per order', async ({
  page,
  baseURL,
}) => {
  const order = await pendingOrderOfNewDoctor(page, baseURL ?? '');
  const detailReads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (ORDER_DETAIL.test(pathname)) detailReads.push(pathname);
  });
  await page.goto('/orders');
  const card = page.getByRole('article', { name: order.order_number });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  await approve(baseURL ?? '', order);

  const delivery = card.getByRole('region', { name: `Delivery of ${order.order_number}` });
  await expect(delivery.getByText(/^2 × .+ backordered, expected [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly shipped · expected /);
  await expect(delivery.getByRole('link', { name: 'Track shipment' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.ups\.com\/track\?tracknum=1Z[0-9A-F]{16}$/,
  );
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // The cards read the list's summary: the order is read in full only when its history is opened.
  expect(detailReads).toEqual([]);
  await delivery.getByRole('button', { name: 'Show history' }).click();
  await expect(delivery.getByRole('list', { name: 'Order history' }).getByText(/^Shipped · /)).toBeVisible();
  expect(detailReads).toEqual([`/api/orders/${order.id}`]);
});

test('a lot typed in with a short expiry is flagged in the receive form and received once the receiver confirms it', async ({
  page,
  baseURL,
}) => {
  const order = await pendingOrderOfNewDoctor(page, baseURL ?? '');
  const delivery = await shippedDeliveryOnOrdersPage(page, baseURL ?? '', order);
  await delivery.getByRole('button', { name: 'Receive part' }).click();
  const form = delivery.getByRole('form', { name: `Receive items of ${order.order_number}` });
  await expect(form.getByLabel('Lot')).toHaveValue(/^LOT-\d+-1$/);
  // The packs on the dock expire sooner than the ship notice said: 30 days, under the default 90.
  const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('Expiry').fill(expiry);
  await form.getByLabel('Quantity').fill('2');
  await form.getByRole('button', { name: 'Record receipt' }).click();

  const warning = delivery.getByRole('alert').filter({ hasText: 'Confirm to receive it anyway.' });
  await expect(warning).toContainText(
    new RegExp(
      `^Lot LOT-\\d+-1 of .+ expires on ${expiry}, (29|30|31) days from today; this item needs at least 90 days\\.`,
    ),
  );
  const anyway = warning.getByRole('button', { name: 'Record receipt with short-dated stock' });
  await expect(anyway).toBeDisabled();
  await warning.getByRole('checkbox', { name: 'Receive short-dated stock anyway' }).check();
  await anyway.click();
  await expect(delivery.getByText('Receipt recorded, short-dated stock included.')).toBeVisible();
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly received/);
  await delivery.getByRole('button', { name: 'Show history' }).click();
  await expect(
    delivery
      .getByRole('list', { name: 'Order history' })
      .getByText(/^Received 2 × .+ \(short-dated stock accepted\) · /),
  ).toBeVisible();

  const answer = await page.request.get(`/api/orders/${order.id}`);
  const { fulfilment } = (await answer.json()) as {
    fulfilment: { events: { type: string; details: Record<string, unknown> }[] };
  };
  const received = fulfilment.events.filter((event) => event.type === 'received');
  expect(received).toHaveLength(1);
  expect(received[0]?.details).toMatchObject({
    short_shelf_life_accepted: true,
    lines: [{ line_number: 1, quantity: 2, expiry_date: expiry, short_shelf_life: true }],
  });
});

test('a scanned label fills in its line’s lot and expiry, which the receipt records; an unknown barcode changes nothing', async ({
  page,
  baseURL,
  apiFailures,
}) => {
  apiFailures.allow(/^\/api\/scan$/); // the unknown barcode's 404 is the point
  const order = await pendingOrderOfNewDoctor(page, baseURL ?? '');
  // The order's one line is of the catalogue's first product: its single item gets a barcode.
  const [product] = (await listProducts(page)) as [CatalogueProduct];
  const gtin = freshGtin('0');
  await withAdmin(baseURL ?? '', async (admin) => {
    const record = await (await admin.get(`/api/admin/products/${product.id}`)).json();
    const saved = await admin.put(`/api/admin/products/${product.id}`, {
      data: { ...record, gtins: [...record.gtins, { gtin, units: 1 }] },
    });
    expect(saved.status()).toBe(200);
  });
  const delivery = await shippedDeliveryOnOrdersPage(page, baseURL ?? '', order);
  await delivery.getByRole('button', { name: 'Receive part' }).click();
  const form = delivery.getByRole('form', { name: `Receive items of ${order.order_number}` });
  await expect(form.getByLabel('Lot')).toHaveValue(/^LOT-\d+-1$/);
  const shipNotice = {
    lot: await form.getByLabel('Lot').inputValue(),
    expiry: await form.getByLabel('Expiry').inputValue(),
  };
  const scan = form.getByRole('textbox', { name: 'Scan a label' });

  // A barcode no product carries: the server's message, and the line stays as it was.
  await scan.fill(freshGtin('0'));
  await scan.press('Enter');
  await expect(form.getByText(/^No product in the catalogue has the barcode \d{14}\./)).toBeVisible();
  await expect(scan).toHaveValue('');
  await expect(scan).toBeFocused();
  await expect(form.getByLabel('Lot')).toHaveValue(shipNotice.lot);
  await expect(form.getByLabel('Expiry')).toHaveValue(shipNotice.expiry);
  await expect(form.getByLabel('Quantity')).toHaveValue('');

  // What a scanner types for the item's GS1-128 label, then Enter: the form is not sent.
  const lot = `LOT-X${Date.now().toString(36).toUpperCase()}`;
  await scan.pressSequentially(`(01)${gtin}(17)281231(10)${lot}`);
  await scan.press('Enter');
  await expect(form.getByText(`Scanned ${product.title}: lot ${lot}, expires 2028-12-31.`)).toBeVisible();
  await expect(form.getByLabel('Lot')).toHaveValue(lot);
  await expect(form.getByLabel('Expiry')).toHaveValue('2028-12-31');
  await expect(form.getByLabel('Quantity')).toHaveValue('1');
  await expect(scan).toHaveValue('');
  await expect(scan).toBeFocused();

  await form.getByLabel('Quantity').fill('2');
  await form.getByRole('button', { name: 'Record receipt' }).click();
  await expect(delivery.getByText('Receipt recorded.')).toBeVisible();
  // The receipt line keeps the scanned lot and expiry: the recall lookup of that very label finds it.
  await withAdmin(baseURL ?? '', async (admin) => {
    const label = `(01)${gtin}(17)281231(10)${lot}`;
    const answer = await admin.get(`/api/admin/recalls/receipts?code=${encodeURIComponent(label)}`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({
      asin: product.asin,
      lot,
      receipts: [{ order_number: order.order_number, quantity: 2, expiry_date: '2028-12-31', condition: 'ok' }],
    });
  });
});

test.describe('on a 390 px phone', () => {
  test.use(PHONE_SCREEN);

  test('the requester receives part of a delivery (damaged, with a note, lot pre-filled) and the rest in full', async ({
    page,
    baseURL,
  }) => {
    const order = await pendingOrderOfNewDoctor(page, baseURL ?? '');
    const delivery = await shippedDeliveryOnOrdersPage(page, baseURL ?? '', order);
    await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly shipped · expected /);
    await expect(delivery.getByText(/ backordered, expected /)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await expectNoHorizontalOverflow(page);
    await expectReachable(delivery.getByRole('link', { name: 'Track shipment' }));
    await expectReachable(delivery.getByRole('button', { name: 'Received in full' }));
    await expectTapTargetsAtLeast24(page.getByRole('article', { name: order.order_number }));

    await delivery.getByRole('button', { name: 'Receive part' }).click();
    const form = delivery.getByRole('form', { name: `Receive items of ${order.order_number}` });
    await expect(form.getByLabel('Lot')).toHaveValue(/^LOT-\d+-1$/);
    await expect(form.getByLabel('Expiry')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expectNoHorizontalOverflow(page);
    for (const field of ['Quantity', 'Condition', 'Note', 'Lot', 'Expiry'])
      await expectReachable(form.getByLabel(field));
    await expectNoSeriousAxeViolations(page);
    await form.getByLabel('Quantity').fill('9');
    await expect(form.getByText('At most 4')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Record receipt' })).toBeDisabled();
    await form.getByLabel('Quantity').fill('1');
    await form.getByLabel('Condition').selectOption('Damaged');
    await form.getByLabel('Note').fill('Box crushed in transit');
    await expectReachable(form.getByRole('button', { name: 'Record receipt' }));
    await form.getByRole('button', { name: 'Record receipt' }).click();
    await expect(delivery.getByText('Receipt recorded.')).toBeVisible();
    await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly received/);

    // Of the 4 ordered, 1 shipped unit remains and 2 were backordered, never shipped: it asks first.
    const title = await titleOfFirstLine(page, order);
    await delivery.getByRole('button', { name: 'Received in full' }).click();
    const question = delivery.getByRole('alertdialog', { name: 'Units not shipped yet' });
    await expect(question).toContainText(`2 × ${title} were not shipped yet (backordered). Receive them too?`);
    await expectReachable(question.getByRole('button', { name: 'Only what was shipped' }));
    await question.getByRole('button', { name: 'Only what was shipped' }).click();
    await expect(delivery.getByText('Receipt recorded for what was shipped; the rest stays open.')).toBeVisible();
    await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly received/);
    await expect(delivery.getByText(`2 × ${title} backordered, expected `, { exact: false })).toBeVisible();

    // The backordered units come after all: asked again, the receiver says yes.
    await delivery.getByRole('button', { name: 'Received in full' }).click();
    await expect(question.getByRole('button', { name: 'Only what was shipped' })).toHaveCount(0);
    await question.getByRole('button', { name: 'Receive them too' }).click();
    await expect(delivery.getByTestId('fulfilment-status')).toHaveText('Received');
    await expectNoHorizontalOverflow(page);
    // The closed order says what happened: the backordered units arrived, nothing is expected.
    await expect(delivery.getByText(`2 × ${title} backordered, since received`)).toBeVisible();
    await expect(delivery.getByText(/backordered, expected/)).toHaveCount(0);
    // Each "Received" row of the history names what was received.
    await delivery.getByRole('button', { name: 'Show history' }).click();
    const history = delivery.getByRole('list', { name: 'Order history' });
    await expect(history.getByText(`Received 1 × ${title} · `, { exact: false })).toHaveCount(2);
    await expect(history.getByText(`Received 2 × ${title} · `, { exact: false })).toBeVisible();
    const receipts = await page.request.get(`/api/orders/${order.id}`);
    const received = (
      (await receipts.json()) as { fulfilment: { events: { type: string; details: unknown }[] } }
    ).fulfilment.events.filter((event) => event.type === 'received');
    expect(received.map((event) => event.details)).toEqual([
      { lines: [{ line_number: 1, quantity: 1, condition: 'damaged', note: 'Box crushed in transit' }] },
      { lines: [{ line_number: 1, quantity: 1, condition: 'ok' }] },
      { lines: [{ line_number: 1, quantity: 2, condition: 'ok' }] },
    ]);
  });

  test('a logistics admin finds a doctor’s delivery under Receiving, sees it ship live and receives it; doctors have no such page', async ({
    page,
    baseURL,
  }) => {
    const order = await pendingOrderOfNewDoctor(page, baseURL ?? '');
    await page.goto('/catalog');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Receiving' })).toHaveCount(0);
    await page.goto('/receiving');
    await expect(page).toHaveURL(/\/catalog$/);
    await approve(baseURL ?? '', order);

    await page.context().clearCookies();
    await signInAs(page, LOGISTICS);
    await page.goto('/catalog');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Receiving' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Deliveries to receive' })).toBeVisible();
    const card = page.getByRole('article', { name: order.order_number });
    await expect(card.getByText(/^Requested by Morgan Lee · .+ · ordered /)).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    // The supplier ships while the page is open: the logistics admin's page is told too.
    const delivery = card.getByRole('region', { name: `Delivery of ${order.order_number}` });
    await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly shipped · expected /);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(delivery.getByRole('link', { name: 'Track shipment' })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await delivery.getByRole('button', { name: 'Receive part' }).click();
    const form = delivery.getByRole('form', { name: `Receive items of ${order.order_number}` });
    await expect(form.getByLabel('Lot')).toHaveValue(/^LOT-\d+-1$/);
    await expectNoHorizontalOverflow(page);
    await form.getByLabel('Quantity').fill('2');
    await form.getByLabel('Condition').selectOption('Short');
    await form.getByLabel('Note').fill('Two boxes missing');
    await form.getByRole('button', { name: 'Record receipt' }).click();
    await expect(delivery.getByText('Receipt recorded.')).toBeVisible();
    await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly received/);

    // Both shipped units are in: only the 2 backordered remain, and "Received in full" asks before.
    await delivery.getByRole('button', { name: 'Received in full' }).click();
    const question = delivery.getByRole('alertdialog', { name: 'Units not shipped yet' });
    await expect(question).toContainText(/^2 × .+ were not shipped yet \(backordered\)\. Receive them too\?/);
    await question.getByRole('button', { name: 'Receive them too' }).click();
    // Received in full: it leaves the list of deliveries to receive.
    await expect(card).toHaveCount(0);
    await withAdmin(baseURL ?? '', async (admin) => {
      const answer = await admin.get(`/api/admin/orders/${order.id}/fulfilment`);
      const { fulfilment } = (await answer.json()) as {
        fulfilment: { fulfilment_status: string; events: { type: string; actor: string }[] };
      };
      expect(fulfilment.fulfilment_status).toBe('received');
      expect(fulfilment.events.filter((event) => event.type === 'received').map((event) => event.actor)).toEqual([
        LOGISTICS,
        LOGISTICS,
      ]);
    });
  });
});
