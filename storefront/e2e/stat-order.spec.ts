import { expect, test } from '../../scripts/e2e/portal-test.js';
import { expectTappable, PHONE_SCREEN } from './support/phone-screen.js';
import { addToCart, listProducts, signInAsNewDoctor, withAdmin, type CatalogueProduct } from './support/portal.js';
import { newWardLocation, signInAsWardMember } from './support/wards.js';

test.use(PHONE_SCREEN);

test('on a phone a nurse submits a STAT top-up from a count with a reason; under the STAT threshold it is approved and sent at once, with the STAT chip', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000); // sign-up, onboarding and approval first, on a shared machine
  const portal = baseURL ?? '';
  const product = await withAdmin(portal, async (admin) => {
    const listed = (await (await admin.get('/api/products?per_page=48')).json()) as { data: CatalogueProduct[] };
    return listed.data
      .filter((candidate) => Number(candidate.price ?? 0) > 0)
      .sort((a, b) => Number(a.price) - Number(b.price))[0]!;
  });
  // The STAT threshold, above the order's total, set by an administrator as the Settings page does.
  const before = await withAdmin(portal, async (admin) => {
    const settings = (await (await admin.get('/api/admin/settings/automation')).json()) as Record<string, unknown>;
    const saved = await admin.put('/api/admin/settings/automation', {
      data: { ...settings, stat_auto_approve_under: Number(product.price) * 2 + 1 },
    });
    expect(saved.status()).toBe(200);
    return settings;
  });
  try {
    const location = await newWardLocation(
      portal,
      [{ asin: product.asin, par: 2, reorder_point: null, pack_size: 1 }],
      {
        prefix: 'S',
      },
    );
    await signInAsWardMember(page, portal, location.departmentId);
    await page.goto(`/locations/${location.id}`);
    await page.getByRole('textbox', { name: `On hand: ${product.title}` }).fill('0');

    // STAT asks why, and says what is wrong until the reason will do.
    await page.getByLabel('STAT — needed today').check();
    const reason = page.getByRole('textbox', { name: 'Why is it needed today?' });
    await expectTappable(reason);
    const submit = page.getByRole('button', { name: 'Submit as order' });
    await submit.click();
    await expect(page.getByText('Say why this order is needed today: a STAT order needs a reason.')).toBeVisible();
    await reason.fill('ok');
    await submit.click();
    await expect(page.getByText('The STAT reason must be at least 3 characters.')).toBeVisible();
    // A reason naming a patient is refused by the server, with the sentence; the count is kept.
    await reason.fill('for patient Maria Lopez');
    await submit.click();
    await expect(
      page.getByText(
        'STAT reason: this looks like a patient name. Supplier messages must not hold patient details; write the bed or room instead.',
      ),
    ).toBeVisible();
    await reason.fill('Crash cart out of saline');
    await submit.click();
    const saved = page.getByRole('status').filter({ hasText: 'Count saved.' });
    await expect(saved).toContainText(/Order SO-\d+ submitted/);
    const orderNumber = /Order (SO-\d+)/.exec((await saved.textContent()) ?? '')![1]!;

    // Her orders: the STAT chip, and Submitted once the system's approval has sent it.
    await saved.getByRole('link', { name: 'See your orders' }).click();
    const card = page.getByRole('article', { name: orderNumber });
    await expect(async () => {
      await page.reload();
      await expect(card.getByText('Submitted', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(card.getByText('STAT', { exact: true })).toBeVisible();
    await expect(card.getByLabel('STAT order, needed today: Crash cart out of saline')).toBeVisible();
    // The refused try and the accepted one are one count, which became the order.
    const counts = await withAdmin(
      portal,
      async (admin) =>
        ((await (await admin.get(`/api/admin/locations/${location.id}/counts`)).json()) as { data: unknown[] }).data,
    );
    expect(counts).toHaveLength(1);
  } finally {
    await withAdmin(portal, async (admin) => {
      await admin.put('/api/admin/settings/automation', { data: before });
    });
  }
});

test('in the cart drawer a doctor marks the order STAT, is told a reason is needed, and submits it with one', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000); // sign-up, onboarding and approval first
  await signInAsNewDoctor(page, baseURL ?? '');
  const [product] = await listProducts(page);
  await addToCart(page, product!.asin, 1);
  await page.goto('/catalog');
  await page.getByRole('button', { name: /^Shopping cart, 1 item/ }).click();
  const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ });
  await drawer.getByLabel('STAT — needed today').check();
  await drawer.getByRole('checkbox', { name: 'I authorize this order request' }).check();
  await drawer.getByRole('button', { name: 'Submit Order' }).click();
  await expect(drawer.getByText('Say why this order is needed today: a STAT order needs a reason.')).toBeVisible();

  await drawer.getByRole('textbox', { name: 'Why is it needed today?' }).fill('Theatre list moved up');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/orders'));
  await drawer.getByRole('button', { name: 'Submit Order' }).click();
  const order = (await (await answer).json()) as { order_number: string; is_urgent: boolean; urgent_reason: string };
  expect(order).toMatchObject({ is_urgent: true, urgent_reason: 'Theatre list moved up' });
  await expect(page).toHaveURL(/\/orders$/);
  await expect(
    page.getByRole('article', { name: order.order_number }).getByText('STAT', { exact: true }),
  ).toBeVisible();
});
