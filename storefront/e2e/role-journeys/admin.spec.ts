import { request as playwrightRequest } from '@playwright/test';
import { formatUsd } from '@supply-hub/api/contracts/money-format';

import { DEMO, signInAsAdmin, uniqueTag, withApi } from '../../../backoffice/e2e/support/backoffice.js';
import {
  NEW_USER_PASSWORD,
  newDoctor,
  orderCard,
  twoLineOrder,
  type OrderLine,
} from '../../../backoffice/e2e/support/orders.js';
import { expect as baseExpect, test } from '../../../scripts/e2e/portal-test.js';

// A submission and the re-read of the order cards can take seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

test('an admin rejects a line in the Approvals inbox, finds the same total on the order’s cards, and looks up a recalled lot', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const base = baseURL ?? '';
  const tag = uniqueTag('adm');
  const doctor = await newDoctor(base, tag, { withAddress: true });
  const department = `Recall ward ${tag}`;
  await withApi(base, DEMO.admin, async (admin) => {
    const created = await admin.post('/api/admin/departments', {
      data: {
        code: tag
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(-12),
        name: department,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await admin.put(`/api/admin/users/${doctor.id}`, { data: { department_id: id } })).status()).toBe(200);
  });
  const order = await twoLineOrder(base, doctor);
  const [rejected, kept] = order.lines as [OrderLine, OrderLine];
  const ordered = formatUsd(order.total_amount);
  const after = formatUsd(kept.total_price);
  const reason = 'The ward already has these in stock';

  // The Approvals inbox: the order at its ordered total; one line rejected, the rest approved.
  await signInAsAdmin(page);
  await page.goto('/admin/approvals');
  const inboxCard = orderCard(page, order.order_number);
  await expect(inboxCard.getByText(ordered, { exact: true }).first()).toBeVisible();
  await inboxCard.getByRole('button', { name: 'Reject items…' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject items of ${order.order_number} and approve the rest` });
  await dialog.getByRole('checkbox', { name: `Reject ${rejected.title}` }).check();
  await dialog.getByRole('textbox', { name: `Reason for ${rejected.title}` }).fill(reason);
  await expect(dialog.getByRole('status')).toHaveText(`New total: ${after}`);
  await dialog.getByRole('button', { name: 'Reject selected & approve the rest' }).click();
  await expect(page.getByText('Order Approved & Submitted')).toBeVisible();
  await expect(inboxCard).toHaveCount(0);

  // The Orders list card: sent, the rejected line with its reason, the total after the rejection.
  await page.getByRole('menuitem', { name: 'Orders', exact: true }).click();
  const card = orderCard(page, order.order_number);
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(card.getByText(`Rejected by approver: ${reason}`)).toBeVisible();
  await expect(card.getByText(after, { exact: true }).first()).toBeVisible();
  await expect(card.getByText(ordered, { exact: true })).toHaveCount(0);

  // The order's card on the storefront's orders page reads the same total.
  await page.goto('/orders');
  const own = page.getByRole('article', { name: order.order_number });
  await expect(own.getByText(`Rejected by approver: ${reason}`)).toBeVisible();
  await expect(own.getByRole('heading', { level: 2, name: order.order_number })).toBeVisible();
  await expect(own.getByText(after, { exact: true }).first()).toBeVisible();
  await expect(own.getByText(ordered, { exact: true })).toHaveCount(0);

  // The ward receives the kept line's lot; later that lot is recalled.
  const lot = uniqueTag('LOT-').toUpperCase();
  const ward = await playwrightRequest.newContext({ baseURL: base });
  try {
    expect(
      (await ward.post('/api/auth/login', { data: { email: doctor.email, password: NEW_USER_PASSWORD } })).status(),
    ).toBe(200);
    const received = await ward.post(`/api/orders/${order.id}/receipts`, {
      data: { lines: [{ line_number: 2, quantity: 2, lot, expiry_date: '2028-03-31' }] },
    });
    expect(received.status()).toBe(201);
  } finally {
    await ward.dispose();
  }

  // Recalls: the lot's receipts name the order, its department and who received it.
  await page.goto('/admin/orders');
  await page.getByRole('menuitem', { name: 'Recalls' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recalls' })).toBeVisible();
  await page.getByLabel('GTIN, ASIN or scan of the pack').fill(kept.asin);
  await page.getByLabel('Lot').fill(lot);
  await page.getByRole('button', { name: 'Find receipts' }).click();
  await expect(page.getByRole('status')).toContainText(`1 receipt of lot ${lot}`);
  const row = page
    .getByRole('table', { name: 'Receipts of the recalled lot' })
    .getByRole('row', { name: new RegExp(order.order_number) });
  await expect(row).toContainText(department);
  await expect(row).toContainText(doctor.email);
  await expect(row).toContainText('2028-03-31');
});
