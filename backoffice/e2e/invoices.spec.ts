import { readFile } from 'node:fs/promises';

import { request as playwrightRequest } from '@playwright/test';

import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, DEMO_PASSWORD, withApi } from './support/backoffice.js';
import { NEW_USER_PASSWORD, orderOfNewDoctor } from './support/orders.js';

// Demo mode: the sandbox supplier confirms, ships and, once the ward received what shipped, invoices
// 5 % above the order's prices (test-server.mjs), so the three-way match holds its invoice for finance.
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 120_000 });

test('finance sees the supplier’s overpriced invoice in the exceptions queue with its reason, accepts it, and downloads the ready-to-pay CSV', async ({
  page,
  baseURL,
}) => {
  const { doctor, order } = await orderOfNewDoctor(baseURL ?? '', 'invoice', { withAddress: true, quantity: 2 });
  await withApi(baseURL ?? '', DEMO.admin, async (admin) => {
    expect((await admin.post(`/api/admin/orders/${order.id}/approve`)).status()).toBe(200);
  });
  const ward = await playwrightRequest.newContext({ baseURL });
  try {
    expect(
      (await ward.post('/api/auth/login', { data: { email: doctor.email, password: NEW_USER_PASSWORD } })).status(),
    ).toBe(200);
    // The sandbox backorders half and ships the rest; the ward receives what shipped.
    await expect
      .poll(
        async () =>
          (
            (await (await ward.get(`/api/orders/${order.id}`)).json()) as {
              fulfilment: { lines: { shipped_quantity: number }[] };
            }
          ).fulfilment.lines[0]?.shipped_quantity,
      )
      .toBe(1);
    expect(
      (
        await ward.post(`/api/orders/${order.id}/receipts`, { data: { lines: [{ line_number: 1, quantity: 1 }] } })
      ).status(),
    ).toBe(201);
  } finally {
    await ward.dispose();
  }

  expect(
    (await page.request.post('/api/auth/login', { data: { email: DEMO.finance, password: DEMO_PASSWORD } })).status(),
  ).toBe(200);
  const invoiceId = `SBX-I-${order.order_number}`;
  await page.goto('/admin/invoices');
  await expect(page.getByRole('menuitem', { name: 'Invoices' })).toBeVisible();
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
  await expect(dialog.getByRole('button', { name: 'Accept' })).toBeDisabled();
  // Accepting tells the supplier the invoice is reconciled, with the note: no dispute is sent.
  await expect(dialog).toContainText(
    'Why: kept with the decision and sent to the supplier with the word that the invoice is reconciled.',
  );
  await expect(dialog).not.toContainText('dispute');
  await dialog.getByLabel('Note').fill('Price rise agreed with the supplier');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(`Invoice ${invoiceId} accepted: ready to pay.`)).toBeVisible();

  await page.getByRole('tab', { name: 'Ready to pay' }).click();
  const ready = page.getByRole('row').filter({ hasText: invoiceId });
  await expect(ready).toContainText('Accepted');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export ready to pay (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ready-to-pay-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\n')[0]).toContain('"invoice_id","supplier_identity","order_number"');
  expect(csv).toContain(`"${invoiceId}",`);
  expect(csv).toContain('"accepted","finance@demo.supplyhub.test","Price rise agreed with the supplier"');
});
