import type { Page } from '@playwright/test';

import { signUpThroughMail } from '../../scripts/e2e/mailbox.js';
import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, placeOrder, signInAs, signInAsNewDoctor, listProducts, withAdmin } from './support/portal.js';

const PASSWORD = 'Quiet-Harbor-2026!';

/** A new approved account whose only role is finance (sign-up's 'user' row removed), signed out. */
async function createFinanceUser(page: Page, baseURL: string): Promise<string> {
  const email = `finance-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const user = await signUpThroughMail(page.request, {
    first_name: 'Avery',
    last_name: 'Stone',
    email,
    password: PASSWORD,
  });
  expect(
    (await page.request.put('/api/profile/onboarding', { data: { first_name: 'Avery', last_name: 'Stone' } })).status(),
  ).toBe(200);
  await withAdmin(baseURL, async (admin) => {
    expect((await admin.post(`/api/admin/users/${user.id}/approve`, { data: { approved: true } })).status()).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/roles`, { data: { role: 'finance' } })).status()).toBe(200);
    expect((await admin.delete(`/api/admin/users/${user.id}/roles/user`)).status()).toBe(200);
  });
  await page.context().clearCookies();
  return email;
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('finance signs in to the back office’s reports, and the storefront header links back there', async ({
  page,
  baseURL,
}) => {
  const email = await createFinanceUser(page, baseURL ?? '');
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  // The storefront is still reachable; its header leads finance to the reports.
  await page.goto('/catalog');
  const reports = page.getByRole('banner').getByRole('link', { name: 'Reports' });
  await expect(reports).toHaveAttribute('href', '/admin/reports');
  await reports.click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
});

test('a doctor’s header has no Reports link', async ({ page, baseURL }) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  await page.goto('/catalog');
  await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Reports' })).toHaveCount(0);
});

test('an admin opening the storefront’s /orders sees everyone’s latest orders, a new doctor’s among them', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [product] = await listProducts(page);
  const order = await placeOrder(page, [{ asin: product!.asin, quantity: 1 }]);
  await page.context().clearCookies();

  await signInAs(page, DEMO.admin);
  await page.goto('/orders');
  const allOrders = page.getByRole('tab', { name: /^All Orders \(\d+\)$/ });
  await expect(allOrders).toBeVisible();
  await expect(allOrders).not.toHaveText(/\(0\)/);
  const count = Number((await allOrders.textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(50);
  await expect(page.getByRole('article', { name: order.order_number })).toBeVisible();
  await expect(
    page.getByRole('article', { name: order.order_number }).getByText('Requested by Morgan Lee', { exact: false }),
  ).toBeVisible();
});

test('a doctor’s Profile menu item opens Settings’ profile card, which shows the company’s approval policy', async ({
  page,
  baseURL,
}) => {
  const { email } = await signInAsNewDoctor(page, baseURL ?? '');
  await page.goto('/catalog');
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const card = page.getByRole('region', { name: 'Profile' });
  await expect(card.getByLabel('Email')).toHaveValue(email);

  const policy = (await (await page.request.get('/api/approval-policy')).json()) as {
    auto_approve_enabled: boolean;
    auto_approve_under_amount: string;
  };
  const expected = policy.auto_approve_enabled
    ? `Orders under $${Number(policy.auto_approve_under_amount).toFixed(2)} are approved automatically`
    : "Auto-approve is off: every order waits for an administrator's approval.";
  await expect(card.getByText(expected)).toBeVisible();
});

test('a nurse’s Profile menu item still opens the profile page', async ({ page }) => {
  await signInAs(page, DEMO.nurse);
  await page.goto('/catalog');
  await page.getByRole('button', { name: DEMO.nurse }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});
