import { request as playwrightRequest } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin, uniqueTag, type ApiOrder } from './support/backoffice.js';
import { NEW_USER_PASSWORD, newDoctor, type Doctor } from './support/orders.js';

/** The doctor places a STAT order over `over` dollars through the API, as the storefront's STAT switch does. */
async function placeStatOrder(baseURL: string, doctor: Doctor, reason: string, over: number): Promise<ApiOrder> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    expect(
      (await api.post('/api/auth/login', { data: { email: doctor.email, password: NEW_USER_PASSWORD } })).status(),
    ).toBe(200);
    const listed = (await (await api.get('/api/products?per_page=24')).json()) as {
      data: { asin: string; price: string | null }[];
    };
    const product = listed.data.find((candidate) => Number(candidate.price ?? 0) >= 1)!;
    const placed = await api.post('/api/orders', {
      headers: { 'Idempotency-Key': uniqueTag('e2e-stat-') },
      data: {
        lines: [{ asin: product.asin, quantity: Math.ceil(over / Number(product.price)) + 1 }],
        urgent: { reason },
      },
    });
    expect(placed.status()).toBe(201);
    return (await placed.json()) as ApiOrder;
  } finally {
    await api.dispose();
  }
}

test('an administrator sets the STAT auto-approval amount, sees a STAT order first in Approvals, and finds it in the STAT orders report', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(45_000); // a doctor of the test's own is signed up and approved first
  const doctor = await newDoctor(baseURL ?? '', uniqueTag('stat'), { withAddress: true });
  await signInAsAdmin(page);
  const original = (await (await page.request.get('/api/admin/settings/automation')).json()) as Record<string, unknown>;
  try {
    await page.goto('/admin/settings');
    const automation = page.getByRole('region', { name: 'Automation Preferences' });
    const amount = automation.getByLabel('Auto-approve STAT orders under (USD)');
    await amount.fill('0');
    await automation.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(
      automation.getByText(
        'Enter an amount of at least $0.01, or leave it empty to approve no STAT order automatically',
      ),
    ).toBeVisible();
    await amount.fill('300');
    await automation.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(automation.getByText('Saved ✓')).toBeVisible();
    const saved = (await (await page.request.get('/api/admin/settings/automation')).json()) as Record<string, unknown>;
    expect(saved.stat_auto_approve_under).toBe('300.00');

    // Over the STAT amount, so it waits for a person: first in the inbox, with its red chip.
    const reason = `Ran out of saline ${uniqueTag('')}`;
    const order = await placeStatOrder(baseURL ?? '', doctor, reason, 300);
    try {
      await page.goto('/admin/approvals');
      const card = page.getByRole('article', { name: order.order_number });
      await expect(card.getByLabel(`STAT order, needed today: ${reason}`)).toHaveClass(/MuiChip-colorError/);
      await expect(card.getByLabel(`STAT order, needed today: ${reason}`)).toHaveText('STAT');
      // STAT orders come first (the demo's own waiting STAT orders may be there too): every card
      // up to this one is a STAT order.
      const cards = await page.getByRole('article').evaluateAll((articles) =>
        articles.map((article) => ({
          number: article.querySelector('h2')?.textContent ?? '',
          isStat: article.querySelector('[aria-label^="STAT order"]') !== null,
        })),
      );
      const position = cards.findIndex((entry) => entry.number === order.order_number);
      expect(position).toBeGreaterThanOrEqual(0);
      expect(cards.slice(0, position + 1).every((entry) => entry.isStat)).toBe(true);

      await page.goto('/admin/reports?tab=stat_orders');
      await expect(page.getByRole('tab', { name: 'STAT orders', selected: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'STAT orders' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^[1-9]\d* STAT orders?$/ })).toBeVisible();
      const row = page.getByRole('table', { name: 'STAT orders by department and reason' }).getByRole('row', {
        name: new RegExp(reason),
      });
      await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    } finally {
      // Left waiting, it would come before the next run's STAT order.
      const rejected = await page.request.post(`/api/admin/orders/${order.id}/reject`, { data: {} });
      expect(rejected.status()).toBe(200);
    }
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      /\/api\/reports\/stat-orders\?/,
    );
  } finally {
    expect((await page.request.put('/api/admin/settings/automation', { data: original })).status()).toBe(200);
  }
});
