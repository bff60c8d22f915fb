import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';

import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin, uniqueTag, type ApiOrder } from './support/backoffice.js';
import { NEW_USER_PASSWORD, newDoctor, orderCard } from './support/orders.js';

// Demo mode: the shopping URL points at the sandbox supplier's PunchOut shop. Generous waits on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 60_000 });

const PROBE = 'SBX-PROBE-200';
const money = (amount: string) => `<Money currency="USD">${amount}</Money>`;

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * One item of the sandbox shop, returned at `price` (the unit price and Total edited together, as a
 * user could in the browser) and ordered at once, through the API as the storefront does.
 */
async function orderFromShop(api: APIRequestContext, price: string): Promise<ApiOrder> {
  const started = await api.post('/api/punchout/sessions');
  expect(started.status()).toBe(201);
  const shop = new URL(((await started.json()) as { start_page: string }).start_page).pathname;
  expect((await api.post(`${shop}/cart`, { form: { part: PROBE, quantity: '1' } })).ok()).toBe(true);
  const page = await (await api.get(shop)).text();
  const xml = unescapeHtml(/name="cxml-urlencoded" value="([^"]*)"/.exec(page)?.[1] ?? '');
  expect(xml).toContain(money('11.75'));
  const returned = await api.post('/api/cxml/punchout/return', {
    form: { 'cxml-urlencoded': xml.replaceAll(money('11.75'), money(price)) },
    maxRedirects: 0,
  });
  expect(returned.status()).toBe(303);
  const cart = (await (await api.get('/api/cart')).json()) as { supplier_items: { id: string }[] };
  const placed = await api.post('/api/orders', {
    headers: { 'Idempotency-Key': uniqueTag('e2e-punchout-') },
    data: { lines: [], supplier_item_ids: cart.supplier_items.map((item) => item.id) },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()) as ApiOrder;
}

test("the approver sees a PunchOut price well below the part's last one, and where PunchOut prices come from", async ({
  page,
  baseURL,
}) => {
  const doctor = await newDoctor(baseURL ?? '', uniqueTag('punch'), { withAddress: true });
  const api = await playwrightRequest.newContext({ baseURL });
  let earlier: ApiOrder;
  let cheap: ApiOrder;
  try {
    const login = await api.post('/api/auth/login', { data: { email: doctor.email, password: NEW_USER_PASSWORD } });
    expect(login.status()).toBe(200);
    earlier = await orderFromShop(api, '11.75');
    cheap = await orderFromShop(api, '0.01');
  } finally {
    await api.dispose();
  }

  await signInAsAdmin(page);
  // Newest first: the inbox lists the oldest first, and earlier tests leave orders pending.
  await page.goto('/admin/approvals?sort=created_at&order=DESC');
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  const card = orderCard(page, cheap.order_number);
  await expect(card).toContainText("Bought in the supplier's PunchOut shop: priced as the supplier quoted it (unit");
  await expect(card.getByText(`$0.01 — was $11.75 on ${earlier.order_number}`)).toBeVisible();
  await expect(card.getByRole('note')).toHaveText(
    "PunchOut prices come back through the requester's browser; check them against the supplier's quote.",
  );
  // The order at the usual price carries the note but no earlier price.
  const usual = orderCard(page, earlier.order_number);
  await expect(usual.getByRole('note')).toBeVisible();
  await expect(usual).not.toContainText('— was $');
});
