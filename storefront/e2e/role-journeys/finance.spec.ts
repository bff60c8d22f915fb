import { readFile } from 'node:fs/promises';

import { request as playwrightRequest, type Locator } from '@playwright/test';

import { DEMO, DEMO_PASSWORD, uniqueTag, withApi, type ApiOrder } from '../../../backoffice/e2e/support/backoffice.js';
import {
  NEW_USER_PASSWORD,
  ONE_ADMIN_LEVEL,
  newDoctor,
  orderCard,
  placeOrderAs,
  saveApprovalLevels,
  signInPageAs,
} from '../../../backoffice/e2e/support/orders.js';
import { expect as baseExpect, test } from '../../../scripts/e2e/portal-test.js';

// The sandbox supplier ships on a later tick and invoices 5 % above the order once the ward received
// what shipped (test-server.mjs): the invoice reaches finance's queue as an exception.
const expect = baseExpect.configure({ timeout: 20_000 });

test.afterEach(async ({ baseURL }) => {
  await saveApprovalLevels(baseURL ?? '', ONE_ADMIN_LEVEL);
});

/** A doctor of a department of the test's own, whose order of 2 waits for two approvals; a budget it uses 91 % of. */
async function departmentOrder(baseURL: string) {
  const tag = uniqueTag('fin');
  const doctor = await newDoctor(baseURL, tag, { withAddress: true });
  const department = `Finance ward ${tag}`;
  const departmentId = await withApi(baseURL, DEMO.admin, async (admin) => {
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
    return id;
  });
  // Two levels from the first cent: an administrator, then finance.
  await saveApprovalLevels(baseURL, [
    { threshold: 0, roles: ['admin'] },
    { threshold: '0.01', roles: ['finance'] },
  ]);
  const order = (await placeOrderAs(baseURL, doctor, 2)) as unknown as ApiOrder & { total_amount: string };
  await withApi(baseURL, DEMO.admin, async (admin) => {
    const budget = await admin.post('/api/admin/budgets', {
      data: {
        department_id: departmentId,
        period: 'month',
        amount: (Number(order.total_amount) * 1.1).toFixed(2),
        policy: 'warn',
      },
    });
    expect(budget.status()).toBe(201);
  });
  return { doctor, order, department };
}

/** The text of a row's data cell by its place (Budget vs actual: period, amount, committed, spent, remaining, used). */
async function cellText(row: Locator, columnIndex: number): Promise<string> {
  return ((await row.getByRole('cell').nth(columnIndex).textContent()) ?? '').trim();
}

test('finance opens the approver mail, approves level 2, resolves the overpriced invoice, exports ready-to-pay and checks the budget', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const { doctor, order, department } = await departmentOrder(base);
  await withApi(base, DEMO.admin, async (admin) => {
    expect((await admin.post(`/api/admin/orders/${order.id}/approve`, { data: { level: 1 } })).status()).toBe(200);
  });

  // The mail: the order waits for her level; its link opens the Approvals inbox.
  await signInPageAs(page, DEMO.finance, DEMO_PASSWORD);
  await page.goto(`/demo/mailbox?to=${encodeURIComponent(DEMO.finance)}`);
  const mail = page.getByRole('article', { name: `Order ${order.order_number} waits for your approval (level 2)` });
  await expect(mail).toContainText(`${doctor.email}'s order ${order.order_number}`);
  await mail.getByRole('link', { name: 'Open /admin/approvals' }).click();
  await expect(page).toHaveURL(/\/admin\/approvals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  const inboxCard = orderCard(page, order.order_number);
  await expect(inboxCard.getByRole('region', { name: 'Approvals' })).toContainText(`Level 1 approved by ${DEMO.admin}`);
  await inboxCard.getByRole('button', { name: 'Approve & Order' }).click();
  await expect(page.getByText('Order Approved & Submitted')).toBeVisible();
  await expect(inboxCard).toHaveCount(0);

  // The ward receives what the supplier shipped (one of two); the supplier invoices it 5 % over.
  const ward = await playwrightRequest.newContext({ baseURL: base });
  try {
    expect(
      (await ward.post('/api/auth/login', { data: { email: doctor.email, password: NEW_USER_PASSWORD } })).status(),
    ).toBe(200);
    await expect
      .poll(
        async () =>
          (
            (await (await ward.get(`/api/orders/${order.id}`)).json()) as {
              fulfilment: { lines: { shipped_quantity: number }[] };
            }
          ).fulfilment.lines[0]?.shipped_quantity,
        { timeout: 45_000 },
      )
      .toBe(1);
    const received = await ward.post(`/api/orders/${order.id}/receipts`, {
      data: { lines: [{ line_number: 1, quantity: 1 }] },
    });
    expect(received.status()).toBe(201);
  } finally {
    await ward.dispose();
  }

  // The invoice match queue: the exception and its reason; she accepts it with a note.
  const invoiceId = `SBX-I-${order.order_number}`;
  await page.getByRole('menuitem', { name: 'Invoices' }).click();
  await expect(page.getByRole('tab', { name: 'Exceptions', selected: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: invoiceId });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(row).toContainText('Exception');
  await row.getByText(invoiceId).click();
  await expect(page.getByTestId('invoice-reasons')).toContainText(
    /Unit price \$[\d.]+ is 5(\.\d+)? % above the order's \$[\d.]+ \(tolerance 2 %\)/,
  );
  await row.getByRole('button', { name: 'Accept' }).click();
  const dialog = page.getByRole('dialog', { name: `Accept invoice ${invoiceId}` });
  await dialog.getByLabel('Note').fill('Price rise agreed with the supplier');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(`Invoice ${invoiceId} accepted: ready to pay.`)).toBeVisible();

  // Ready to pay: the invoice is listed, and the CSV for accounts payable carries its row.
  await page.getByRole('tab', { name: 'Ready to pay' }).click();
  await expect(page.getByRole('row').filter({ hasText: invoiceId })).toContainText('Accepted');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export ready to pay (CSV)' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  const fields = (line: string) => line.slice(1, -1).split('","');
  expect(fields(header!)).toEqual([
    'invoice_id',
    'supplier_identity',
    'order_number',
    'invoice_date',
    'currency',
    'subtotal_amount',
    'tax_amount',
    'due_amount',
    'status',
    'decided_by',
    'decision_note',
    'received_at',
    'credited_invoice_id',
  ]);
  const mine = rows.map(fields).filter((cells) => cells[0] === invoiceId);
  expect(mine).toHaveLength(1);
  const [cells] = mine as [string[]];
  expect(cells[2]).toBe(order.order_number);
  expect(cells[4]).toBe('USD');
  expect(cells.slice(8, 11)).toEqual(['accepted', DEMO.finance, 'Price rise agreed with the supplier']);
  // One unit received, billed 5 % above the order's unit price.
  const unitPrice = Number(order.total_amount) / 2;
  expect(Number(cells[5])).toBeCloseTo(Math.round(unitPrice * 105) / 100, 2);

  // Budget vs actual: the department's committed, remaining and % used, on her screen.
  await page.getByRole('menuitem', { name: 'Reports' }).click();
  await page.getByRole('tab', { name: 'Budget vs actual' }).click();
  const budgetRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: department, exact: true }) });
  await expect(budgetRow).toContainText(/\d+ %/);
  const [committed, remaining, used] = await Promise.all([2, 4, 5].map((column) => cellText(budgetRow, column)));
  expect(Number.parseInt(used!, 10)).toBeGreaterThanOrEqual(80);

  // The dashboard (an administrator's screen: finance's menu has none) shows the same figures.
  const admin = await browser.newContext({ baseURL: base });
  try {
    const dashboard = await admin.newPage();
    await signInPageAs(dashboard, DEMO.admin, DEMO_PASSWORD);
    await dashboard.goto('/admin/dashboard');
    const spend = dashboard.getByRole('region', { name: 'Spend by department' });
    await expect(spend.getByRole('row').filter({ hasText: department })).toContainText(committed!);
    const watched = dashboard
      .getByRole('region', { name: 'Departments over 80 % of their budget' })
      .getByRole('listitem')
      .filter({ hasText: department });
    await expect(watched).toContainText(`${used} used · ${remaining} remaining`);
  } finally {
    await admin.close();
  }
});
