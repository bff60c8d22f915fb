import { expect, test } from '../../scripts/e2e/portal-test.js';
import { freshGtin } from '../../scripts/e2e/gtin.js';
import { expectNoHorizontalOverflow, expectTappable, PHONE_SCREEN } from './support/phone-screen.js';
import { withAdmin, type CatalogueProduct } from './support/portal.js';
import { signInAsWardMember } from './support/wards.js';

test.use(PHONE_SCREEN);

const ITEMS = 10;
/** Item 2's box of 5 carries a barcode: the nurse scans it on top of what she typed. */
const SCANNED_ITEM = 2;
const BOX_UNITS = 5;

test("on a 390 × 844 phone a nurse counts a 10-item par cart with a typed scan and submits the top-up as the location's order", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000); // sign-up, onboarding and approval first, on a shared machine
  const products = await withAdmin(baseURL ?? '', async (admin) => {
    const response = await admin.get('/api/products?per_page=48');
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: CatalogueProduct[] }).data.slice(0, ITEMS);
  });
  // Item i: par 20; odd items come in packs of 6; the last has a reorder point of 5.
  const stockList = products.map((product, index) => ({
    asin: product.asin,
    par: 20,
    reorder_point: index === ITEMS - 1 ? 5 : null,
    pack_size: index % 2 === 1 ? 6 : 1,
  }));
  const suffix = Date.now().toString(36).toUpperCase();
  const location = await withAdmin(baseURL ?? '', async (admin) => {
    const department = await admin.post('/api/admin/departments', {
      data: { code: `W${suffix}`, name: `Ward ${suffix}` },
    });
    expect(department.status()).toBe(201);
    const { id: departmentId } = (await department.json()) as { id: string };
    const created = await admin.post('/api/admin/locations', {
      data: { name: `Par cart ${suffix}`, department_id: departmentId, stock_list: stockList },
    });
    expect(created.status()).toBe(201);
    return { ...((await created.json()) as { id: string; name: string }), departmentId };
  });
  const boxGtin = freshGtin();
  await withAdmin(baseURL ?? '', async (admin) => {
    const scanned = products[SCANNED_ITEM]!;
    const record = await (await admin.get(`/api/admin/products/${scanned.id}`)).json();
    const saved = await admin.put(`/api/admin/products/${scanned.id}`, {
      data: { ...record, gtins: [...record.gtins, { gtin: boxGtin, units: BOX_UNITS }] },
    });
    expect(saved.status()).toBe(200);
  });
  await signInAsWardMember(page, baseURL ?? '', location.departmentId);

  const started = Date.now();
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Count and top up' }).click();
  await expect(page.getByRole('heading', { name: 'Count and top up' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(location.name) }).click();
  await expect(page.getByRole('heading', { name: location.name })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  // Every title is read whole on the phone (the size at its end is what the nurse checks): long ones wrap.
  const titles = page.getByTestId('count-item-title');
  await expect(titles).toHaveCount(ITEMS);
  for (const [index, product] of products.entries()) {
    await expect(titles.nth(index)).toHaveText(product.title);
  }
  const layout = await titles.evaluateAll((elements) =>
    elements.map((element) => ({
      isClipped: element.scrollWidth > element.clientWidth + 1,
      whiteSpace: getComputedStyle(element).whiteSpace,
      lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
      length: element.textContent?.length ?? 0,
    })),
  );
  for (const title of layout) {
    expect(title).toMatchObject({ isClipped: false, whiteSpace: 'normal' });
  }
  const longest = layout.reduce((best, title) => (title.length > best.length ? title : best));
  expect(longest.length).toBeGreaterThan(40);
  expect(longest.lines).toBeGreaterThanOrEqual(2);

  // On hand: item i has i units. Each Enter moves to the next item's field.
  const first = page.getByRole('textbox', { name: `On hand: ${products[0]!.title}` });
  await first.click();
  for (let index = 0; index < ITEMS; index += 1) {
    const field = page.getByRole('textbox', { name: `On hand: ${products[index]!.title}` });
    await expect(field).toBeFocused();
    await page.keyboard.type(String(index));
    await page.keyboard.press('Enter');
  }
  // A scanner types the box's GS1-128 label (lot and expiry too) and Enter: one box more on hand.
  const scan = page.getByRole('textbox', { name: 'Scan a barcode' });
  await scan.fill(`(01)${boxGtin}(17)281231(10)LOT-${suffix}`);
  await scan.press('Enter');
  const onHandOf = (index: number) => index + (index === SCANNED_ITEM ? BOX_UNITS : 0);
  await expect(
    page.getByText(`Scanned ${products[SCANNED_ITEM]!.title}: +${BOX_UNITS}, ${onHandOf(SCANNED_ITEM)} on hand.`),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: `On hand: ${products[SCANNED_ITEM]!.title}` })).toHaveValue(
    String(onHandOf(SCANNED_ITEM)),
  );
  const item = (index: number) => page.locator(`li[data-asin="${products[index]!.asin}"]`);
  await expect(item(0)).toContainText('Order 20 packs');
  await expect(item(1)).toContainText('Order 4 packs'); // 19 units in packs of 6
  await expect(item(ITEMS - 1)).toContainText('Nothing to order'); // 9 on hand, above the reorder point of 5

  const expected = stockList.flatMap((line, index) => {
    if (line.reorder_point !== null && onHandOf(index) > line.reorder_point) return [];
    const packs = Math.ceil((line.par - onHandOf(index)) / line.pack_size);
    return packs > 0 ? [{ asin: line.asin, quantity: packs }] : [];
  });
  const total = expected.reduce((sum, line) => sum + line.quantity, 0);
  // A nurse may not submit a cart: she is offered only the order she can finish.
  await expect(page.getByRole('button', { name: /Add to cart/ })).toHaveCount(0);
  const submit = page.getByRole('button', { name: 'Submit as order' });
  expect(total).toBeGreaterThan(0);
  await expectTappable(submit);
  await submit.click();
  const saved = page.getByRole('status').filter({ hasText: 'Count saved.' });
  await expect(saved).toContainText(/Count saved\. Order SO-\d+ submitted for approval\./);
  expect(Date.now() - started).toBeLessThan(60_000);

  // The order restocks the par cart: its delivery location, the top-up's lines; the cart is untouched.
  const orderNumber = /Order (SO-\d+)/.exec((await saved.textContent()) ?? '')?.[1];
  const { data: orders } = (await (await page.request.get('/api/orders')).json()) as {
    data: {
      order_number: string;
      status: string;
      delivery_location: string;
      lines: { asin: string; quantity: number }[];
    }[];
  };
  const order = orders.find((candidate) => candidate.order_number === orderNumber);
  expect(order).toMatchObject({ status: 'pending', delivery_location: location.name });
  expect(order!.lines.map((line) => ({ asin: line.asin, quantity: line.quantity }))).toEqual(
    expect.arrayContaining(expected),
  );
  expect(order!.lines).toHaveLength(expected.length);
  const cart = (await (await page.request.get('/api/cart')).json()) as { items: unknown[] };
  expect(cart.items).toEqual([]);
  await expect(page.getByRole('button', { name: 'Submit as order' })).toBeDisabled();

  // The banner's link opens her orders, where the new order is listed.
  await saved.getByRole('link', { name: 'See your orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText(orderNumber!).first()).toBeVisible();
});

test('a doctor of the ward, who may submit a cart, puts the top-up in it with one tap', async ({ page, baseURL }) => {
  const [gauze, gloves] = await withAdmin(baseURL ?? '', async (admin) => {
    const response = await admin.get('/api/products?per_page=2');
    return ((await response.json()) as { data: CatalogueProduct[] }).data;
  });
  const suffix = `C${Date.now().toString(36).toUpperCase()}`;
  const location = await withAdmin(baseURL ?? '', async (admin) => {
    const department = await admin.post('/api/admin/departments', { data: { code: suffix, name: `Ward ${suffix}` } });
    const { id: departmentId } = (await department.json()) as { id: string };
    const created = await admin.post('/api/admin/locations', {
      data: {
        name: `Shelf ${suffix}`,
        department_id: departmentId,
        stock_list: [
          { asin: gauze!.asin, par: 10, reorder_point: null, pack_size: 1 },
          { asin: gloves!.asin, par: 4, reorder_point: null, pack_size: 2 },
        ],
      },
    });
    expect(created.status()).toBe(201);
    return { ...((await created.json()) as { id: string; name: string }), departmentId };
  });
  await signInAsWardMember(page, baseURL ?? '', location.departmentId, 'doctor');
  await page.goto(`/locations/${location.id}`);
  await page.getByRole('textbox', { name: `On hand: ${gauze!.title}` }).fill('3');
  await page.getByRole('textbox', { name: `On hand: ${gloves!.title}` }).fill('0');
  await page.getByRole('button', { name: 'Add to cart (9 packs)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Count saved.' })).toContainText(
    'Count saved. 2 items added to your cart.',
  );
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    items: { product: { asin: string }; quantity: number }[];
  };
  expect(cart.items.map((line) => [line.product.asin, line.quantity])).toEqual([
    [gauze!.asin, 7],
    [gloves!.asin, 2],
  ]);
});
