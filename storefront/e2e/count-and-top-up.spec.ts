import type { Page } from '@playwright/test';

import { signUpThroughMail } from '../../scripts/e2e/mailbox.js';
import { expect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoHorizontalOverflow, expectTappable, PHONE_SCREEN } from './support/phone-screen.js';
import { withAdmin, type CatalogueProduct } from './support/portal.js';

test.use(PHONE_SCREEN);

const ITEMS = 10;
/** Item 2's box of 5 carries a barcode: the nurse scans it on top of what she typed. */
const SCANNED_ITEM = 2;
const BOX_UNITS = 5;

/** A GTIN-14 of this run with its right GS1 check digit. */
function freshGtin(): string {
  const body = `1${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    sum += Number(body[body.length - 1 - index]) * (index % 2 === 0 ? 3 : 1);
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A new nurse of a new ward (signed up, onboarded, approved, role nurse), signed in in the page's context. */
async function signInAsWardNurse(page: Page, baseURL: string, departmentId: string): Promise<string> {
  const email = `nurse-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const user = await signUpThroughMail(page.request, {
    first_name: 'Robin',
    last_name: 'Shaw',
    email,
    password: 'Quiet-Harbor-2026!',
  });
  expect(
    (await page.request.put('/api/profile/onboarding', { data: { first_name: 'Robin', last_name: 'Shaw' } })).status(),
  ).toBe(200);
  await withAdmin(baseURL, async (admin) => {
    expect((await admin.post(`/api/admin/users/${user.id}/approve`, { data: { approved: true } })).status()).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/roles`, { data: { role: 'nurse' } })).status()).toBe(200);
    expect((await admin.delete(`/api/admin/users/${user.id}/roles/user`)).status()).toBe(200);
    expect((await admin.put(`/api/admin/users/${user.id}`, { data: { department_id: departmentId } })).status()).toBe(
      200,
    );
  });
  return user.id;
}

test('on a 390 × 844 phone a nurse counts a 10-item par cart and puts the top-up in the cart with one tap', async ({
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
  await signInAsWardNurse(page, baseURL ?? '', location.departmentId);

  const started = Date.now();
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Count and top up' }).click();
  await expect(page.getByRole('heading', { name: 'Count and top up' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(location.name) }).click();
  await expect(page.getByRole('heading', { name: location.name })).toBeVisible();
  await expectNoHorizontalOverflow(page);

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
  const addToCart = page.getByRole('button', { name: `Add to cart (${total} packs)` });
  await expectTappable(addToCart);
  await addToCart.click();
  await expect(page.getByRole('status').filter({ hasText: 'Count saved.' })).toContainText(
    `Count saved. ${expected.length} items added to your cart.`,
  );
  expect(Date.now() - started).toBeLessThan(60_000);

  const cart = (await (await page.request.get('/api/cart')).json()) as {
    items: { product: { asin: string }; quantity: number }[];
  };
  expect(cart.items.map((line) => ({ asin: line.product.asin, quantity: line.quantity }))).toEqual(
    expect.arrayContaining(expected),
  );
  expect(cart.items).toHaveLength(expected.length);
  await expect(page.getByRole('button', { name: /^Shopping cart/ })).toContainText(String(total));
});
