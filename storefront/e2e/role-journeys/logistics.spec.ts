import { freshGtin } from '../../../scripts/e2e/gtin.js';
import { expect as baseExpect, test } from '../../../scripts/e2e/portal-test.js';
import { expectNoHorizontalOverflow, expectTappable, PHONE_SCREEN } from '../support/phone-screen.js';
import {
  DEMO,
  listProducts,
  placeOrder,
  signInAs,
  signInAsNewDoctor,
  withAdmin,
  type CatalogueProduct,
} from '../support/portal.js';
import { approveAsDemoAdmin, saveShippingAddress, waitUntilShipped } from '../support/wards.js';

const expect = baseExpect.configure({ timeout: 20_000 });
test.use(PHONE_SCREEN);

test('a logistics admin finds the delivery under Receiving and receives it by scanning the pack’s label', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const base = baseURL ?? '';
  // A doctor's order of 4, approved; the supplier ships 2 and backorders 2.
  await signInAsNewDoctor(page, base);
  await saveShippingAddress(page);
  const [product] = (await listProducts(page)) as [CatalogueProduct];
  const gtin = freshGtin('0');
  await withAdmin(base, async (admin) => {
    const record = await (await admin.get(`/api/admin/products/${product.id}`)).json();
    const saved = await admin.put(`/api/admin/products/${product.id}`, {
      data: { ...record, gtins: [...record.gtins, { gtin, units: 1 }] },
    });
    expect(saved.status()).toBe(200);
  });
  const order = await placeOrder(page, [{ asin: product.asin, quantity: 4 }]);
  await approveAsDemoAdmin(base, order.id);
  await waitUntilShipped(page, order.id);

  // The logistics admin's phone: Receiving lists the delivery.
  await page.context().clearCookies();
  await signInAs(page, DEMO.logistics);
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Receiving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deliveries to receive' })).toBeVisible();
  const card = page.getByRole('article', { name: order.order_number });
  await expect(card.getByText(/^Requested by Morgan Lee · .+ · ordered /)).toBeVisible();
  const delivery = card.getByRole('region', { name: `Delivery of ${order.order_number}` });
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly shipped · expected /);
  const receivePart = delivery.getByRole('button', { name: 'Receive part' });
  await receivePart.scrollIntoViewIfNeeded();
  await expectTappable(receivePart);
  await receivePart.click();

  // The scanner reads the pack's GS1-128 label: the line's lot, expiry and one unit are filled in.
  const form = delivery.getByRole('form', { name: `Receive items of ${order.order_number}` });
  const scan = form.getByRole('textbox', { name: 'Scan a label' });
  const lot = `LOT-L${Date.now().toString(36).toUpperCase()}`;
  await scan.pressSequentially(`(01)${gtin}(17)281231(10)${lot}`);
  await scan.press('Enter');
  await expect(form.getByText(`Scanned ${product.title}: lot ${lot}, expires 2028-12-31.`)).toBeVisible();
  await expect(form.getByLabel('Lot')).toHaveValue(lot);
  await expect(form.getByLabel('Expiry')).toHaveValue('2028-12-31');
  await expect(form.getByLabel('Quantity')).toHaveValue('1');
  // Both shipped units came under the one label: the receiver counts them.
  await form.getByLabel('Quantity').fill('2');
  await expectNoHorizontalOverflow(page);
  await form.getByRole('button', { name: 'Record receipt' }).click();
  await expect(delivery.getByText('Receipt recorded.')).toBeVisible();
  await expect(delivery.getByTestId('fulfilment-status')).toHaveText(/^Partly received/);

  // What shipped is in; the backordered 2 stay open for later. The receipt keeps the scanned lot.
  await expect(delivery.getByText(`2 × ${product.title} backordered, expected `, { exact: false })).toBeVisible();
  await withAdmin(base, async (admin) => {
    const label = `(01)${gtin}(17)281231(10)${lot}`;
    const answer = await admin.get(`/api/admin/recalls/receipts?code=${encodeURIComponent(label)}`);
    expect(await answer.json()).toMatchObject({
      lot,
      receipts: [
        { order_number: order.order_number, quantity: 2, expiry_date: '2028-12-31', received_by: DEMO.logistics },
      ],
    });
  });
});
