import { request as playwrightRequest } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, signInAsAdmin, uniqueTag, withApi } from './support/backoffice.js';
import { NEW_USER_PASSWORD, orderOfNewDoctor } from './support/orders.js';

test('an admin finds which ward received a recalled lot, downloads the list and e-mails the requester', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const lot = uniqueTag('LOT-').toUpperCase();
  const { doctor, order } = await orderOfNewDoctor(baseURL ?? '', 'recall', { withAddress: true, quantity: 3 });
  await withApi(baseURL ?? '', DEMO.admin, async (admin) => {
    expect((await admin.post(`/api/admin/orders/${order.id}/approve`)).status()).toBe(200);
  });
  // The ward receives the three units of the lot (before the ship notice: allowed).
  const ward = await playwrightRequest.newContext({ baseURL });
  try {
    expect(
      (await ward.post('/api/auth/login', { data: { email: doctor.email, password: NEW_USER_PASSWORD } })).status(),
    ).toBe(200);
    const received = await ward.post(`/api/orders/${order.id}/receipts`, {
      data: { lines: [{ line_number: 1, quantity: 3, lot, expiry_date: '2028-03-31' }] },
    });
    expect(received.status()).toBe(201);
  } finally {
    await ward.dispose();
  }

  await signInAsAdmin(page);
  await page.goto('/admin/recalls');
  await expect(page.getByRole('heading', { level: 1, name: 'Recalls' })).toBeVisible();
  await page.getByLabel('GTIN, ASIN or scan of the pack').fill(order.asin);
  await page.getByRole('button', { name: 'Find receipts' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter the recalled lot number.');

  await page.getByLabel('Lot').fill('NEVER-SHIPPED');
  await page.getByRole('button', { name: 'Find receipts' }).click();
  await expect(page.getByRole('status')).toContainText('No one received lot NEVER-SHIPPED');
  await expect(page.getByRole('button', { name: 'E-mail the requesters' })).toBeDisabled();

  await page.getByLabel('Lot').fill(lot.toLowerCase());
  await page.getByRole('button', { name: 'Find receipts' }).click();
  await expect(page.getByRole('status')).toContainText(`1 receipt of lot ${lot.toLowerCase()}`);
  const row = page
    .getByRole('table', { name: 'Receipts of the recalled lot' })
    .getByRole('row', { name: new RegExp(order.order_number) });
  await expect(row).toContainText(doctor.email);
  await expect(row).toContainText('2028-03-31');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^recall-.*\.csv$/);

  await page.getByRole('button', { name: 'E-mail the requesters' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail 1 requester' });
  await dialog.getByLabel('Add a message (optional)').fill('Bring them to the pharmacy.');
  await dialog.getByRole('button', { name: 'Send e-mails' }).click();
  await expect(page.getByText('Recall e-mail sent to 1 requester')).toBeVisible();
});
