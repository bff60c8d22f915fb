import { request } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, DEMO_PASSWORD, uniqueTag } from './support/backoffice.js';
import { NEW_USER_PASSWORD, newDoctor, signInPageAs } from './support/orders.js';

// A phone: react-admin's menu is a drawer there, closed (and unmounted) while the approver works.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone, with the menu closed, an approver is told at once of a STAT order waiting for her', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000); // a new doctor signs up and is approved first
  const base = baseURL ?? '';
  await signInPageAs(page, DEMO.admin, DEMO_PASSWORD);
  // The alert is live: the order is placed once the page's event stream is open.
  const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/events'));
  await page.goto('/admin/orders');
  expect((await streamOpen).status()).toBe(200);
  await expect(page.getByRole('menuitem', { name: /^Approvals/ })).toBeHidden();

  const doctor = await newDoctor(base, uniqueTag('stat-alert'), { withAddress: true });
  const api = await request.newContext({ baseURL: base });
  const orderNumber = await (async () => {
    try {
      expect(
        (await api.post('/api/auth/login', { data: { email: doctor.email, password: NEW_USER_PASSWORD } })).status(),
      ).toBe(200);
      const [product] = ((await (await api.get('/api/products?per_page=1')).json()) as { data: { asin: string }[] })
        .data;
      const placed = await api.post('/api/orders', {
        headers: { 'Idempotency-Key': uniqueTag('stat-alert-') },
        data: { lines: [{ asin: product!.asin, quantity: 1 }], urgent: { reason: 'Theatre 2 out of sutures' } },
      });
      expect(placed.status()).toBe(201);
      return ((await placed.json()) as { order_number: string }).order_number;
    } finally {
      await api.dispose();
    }
  })();

  await expect(page.getByText(`STAT order ${orderNumber} waits for your approval (level 1)`)).toBeVisible();
});
