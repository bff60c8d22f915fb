import { formatUsd } from '@supply-hub/api/contracts/money-format';

import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoSeriousViolations, uniqueTag } from './support/backoffice.js';
import {
  NEW_USER_PASSWORD,
  newDoctor,
  openOrderCard,
  signInPageAs,
  twoLineOrder,
  type OrderLine as Line,
} from './support/orders.js';

// A submission and the re-read of the order cards can take seconds on a busy machine: generous waits.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 60_000 });

test('an admin rejects one line with a reason and approves the rest; the order shows the rejected line and the new total', async ({
  page,
  baseURL,
}) => {
  const doctor = await newDoctor(baseURL ?? '', uniqueTag('lines'), { withAddress: true });
  const order = await twoLineOrder(baseURL ?? '', doctor);
  const [rejected, kept] = order.lines as [Line, Line];
  const reason = 'The ward already has these in stock';

  const card = await openOrderCard(page, order);
  await card.getByRole('button', { name: 'Reject items…' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject items of ${order.order_number} and approve the rest` });
  // Confirming with a ticked line but no reason is refused in the dialog.
  await dialog.getByRole('checkbox', { name: `Reject ${rejected.title}` }).check();
  await expect(dialog.getByRole('status')).toHaveText(`New total: ${formatUsd(kept.total_price)}`);
  await dialog.getByRole('button', { name: 'Reject selected & approve the rest' }).click();
  await expect(dialog.getByText('Say why this item is rejected')).toBeVisible();
  await dialog.getByRole('textbox', { name: `Reason for ${rejected.title}` }).fill(reason);
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Reject selected & approve the rest' }).click();

  await expect(page.getByText('Order Approved & Submitted')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(card.getByText(`Rejected by approver: ${reason}`)).toBeVisible();
  await expect(card.getByText(formatUsd(kept.total_price), { exact: true }).first()).toBeVisible();
  // The card's total is the total after the rejection, never the total of every line as ordered.
  const orderedTotal = formatUsd(Number(rejected.total_price) + Number(kept.total_price));
  await expect(card.getByText(orderedTotal, { exact: true })).toHaveCount(0);
  const stored = (await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as {
    total_amount: string;
    lines: (Line & { rejection: { reason: string } | null })[];
  };
  expect(stored.total_amount).toBe(kept.total_price);
  expect(stored.lines.map((line) => line.rejection?.reason ?? null)).toEqual([reason, null]);

  // The requester's own order shows the line struck through with the approver's reason, and the new total.
  await signInPageAs(page, doctor.email, NEW_USER_PASSWORD);
  await page.goto('/orders');
  const own = page.getByRole('article', { name: order.order_number });
  await expect(own.getByText(`Rejected by approver: ${reason}`)).toBeVisible();
  await expect(own.getByText(rejected.title)).toHaveCSS('text-decoration-line', 'line-through');
  await expect(own.getByRole('heading', { level: 2, name: order.order_number })).toBeVisible();
  await expect(own.getByText(formatUsd(kept.total_price)).first()).toBeVisible();
});
