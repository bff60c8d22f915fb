import type { APIRequestContext, Page } from '@playwright/test';

import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, DEMO_PASSWORD, expectNoSeriousViolations, withApi } from './support/backoffice.js';
import { ONE_ADMIN_LEVEL, orderCard, orderOfNewDoctor, saveApprovalLevels, signInPageAs } from './support/orders.js';

// The count refreshes every few seconds; orders are placed through the API on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

// The levels are the whole portal's: put back the default one level.
test.afterEach(async ({ baseURL }) => {
  await saveApprovalLevels(baseURL ?? '', ONE_ADMIN_LEVEL);
});

/** How many orders wait for `email`'s approval, as the Approvals inbox counts them. */
async function waitingFor(baseURL: string, email: string): Promise<number> {
  return withApi(baseURL, email, async (api: APIRequestContext) => {
    const inbox = await api.get('/api/admin/approvals?range=[0,0]');
    expect(inbox.status()).toBe(200);
    return Number(/\/(\d+)$/.exec(inbox.headers()['content-range'] ?? '')?.[1] ?? NaN);
  });
}

/** The count the Approvals menu item shows (0 when it shows none). */
async function menuCount(page: Page): Promise<number> {
  const name = (await page.getByRole('menuitem', { name: /^Approvals/ }).textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(name)?.[1] ?? 0);
}

test('the Approvals menu counts the orders waiting, live; finance sees them on Reports with the way to them', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  // An administrator's menu shows the inbox's count and follows a new order without a reload.
  await signInPageAs(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/reports');
  await expect.poll(async () => (await menuCount(page)) === (await waitingFor(base, DEMO.admin))).toBe(true);
  const before = await menuCount(page);
  const { order } = await orderOfNewDoctor(base, 'notify', { withAddress: true, quantity: 3 });
  await expect.poll(() => menuCount(page)).toBeGreaterThan(before);
  await expect.poll(async () => (await menuCount(page)) === (await waitingFor(base, DEMO.admin))).toBe(true);

  // A second level for finance from this order's total; an administrator approves the first.
  const total = Number((order as unknown as { total_amount: string }).total_amount);
  await saveApprovalLevels(base, [
    { threshold: 0, roles: ['admin'] },
    { threshold: total.toFixed(2), roles: ['finance'] },
  ]);
  await withApi(base, DEMO.admin, async (admin) => {
    const approved = await admin.post(`/api/admin/orders/${order.id}/approve`, { data: { level: 1 } });
    expect(approved.status()).toBe(200);
  });

  // Finance lands on Reports and is told how many orders wait for her, with the way to them.
  await signInPageAs(page, DEMO.finance, DEMO_PASSWORD);
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/reports/);
  const waiting = await waitingFor(base, DEMO.finance);
  expect(waiting).toBeGreaterThan(0);
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'wait for your approval' })
    .or(page.getByRole('alert').filter({ hasText: 'waits for your approval' }));
  await expect(notice).toHaveText(new RegExp(`${waiting} orders? waits? for your approval`));
  await expect(page.getByRole('menuitem', { name: `Approvals (${waiting})` })).toBeVisible();
  await expectNoSeriousViolations(page);
  await notice.getByRole('link', { name: 'Open Approvals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  await expect(orderCard(page, order.order_number)).toBeVisible();
});
