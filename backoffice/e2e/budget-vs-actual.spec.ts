import type { APIRequestContext, Page } from '@playwright/test';

import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import {
  DEMO,
  DEMO_PASSWORD,
  createProduct,
  signInAsAdmin,
  signUpUser,
  uniqueTag,
  withApi,
} from './support/backoffice.js';

// The back office's screens load lazily; on a shared machine the first paint takes a while.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * A department of the test's own whose requester placed one order of 2 × $42.42, with a warn
 * budget of `amount`: the figures the report and the dashboard show are this test's own.
 */
async function departmentWithOrder(baseURL: string, amount: string) {
  const tag = uniqueTag('bva');
  const name = `BvA ward ${tag}`;
  const code = tag
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(-12);
  const product = await createProduct(baseURL, tag);
  const requester = await signUpUser(baseURL, { first: 'Dana', last: `Budget ${tag}`, email: `${tag}@example.test` });
  try {
    const budgetId = await withApi(baseURL, DEMO.admin, async (admin: APIRequestContext) => {
      const department = await admin.post('/api/admin/departments', { data: { code, name } });
      expect(department.status()).toBe(201);
      const { id } = (await department.json()) as { id: string };
      expect(
        (await admin.post(`/api/admin/users/${requester.id}/approve`, { data: { approved: true } })).status(),
      ).toBe(200);
      expect((await admin.post(`/api/admin/users/${requester.id}/roles`, { data: { role: 'doctor' } })).status()).toBe(
        200,
      );
      expect((await admin.put(`/api/admin/users/${requester.id}`, { data: { department_id: id } })).status()).toBe(200);
      const budget = await admin.post('/api/admin/budgets', {
        data: { department_id: id, period: 'month', amount, policy: 'warn' },
      });
      expect(budget.status()).toBe(201);
      return ((await budget.json()) as { id: string }).id;
    });
    const address = await requester.api.put('/api/me/shipping-address', {
      data: { full_name: name, street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' },
    });
    expect(address.status()).toBe(200);
    const placed = await requester.api.post('/api/orders', {
      headers: { 'Idempotency-Key': uniqueTag('e2e-bva-') },
      data: { lines: [{ asin: product.asin, quantity: 2 }] },
    });
    expect(placed.status()).toBe(201);
    return { name, code, budgetId };
  } finally {
    await requester.api.dispose();
  }
}

async function signInAsFinance(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: DEMO.finance, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
}

test('the dashboard lists a department over 80 % of its budget and links to Budget vs actual, with its chart and CSV', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // 84.84 committed of 100.00: 84 % used, $15.16 remaining.
  const { name, code } = await departmentWithOrder(baseURL ?? '', '100.00');
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard');
  const watch = page.getByRole('region', { name: 'Departments over 80 % of their budget' });
  const item = watch.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('84 % used · $15.16 remaining');

  await watch.getByRole('link', { name: 'Budget vs actual' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?tab=budget_vs_actual/);
  await expect(page.getByRole('tab', { name: 'Budget vs actual', selected: true })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row).toContainText('$100.00');
  await expect(row).toContainText('$84.84');
  await expect(row).toContainText('$0.00'); // nothing submitted to the supplier yet: nothing spent
  await expect(row).toContainText('$15.16');
  await expect(row).toContainText('84 %');
  await expect(
    page.getByText(/^Committed = totals of the period’s orders that are pending, approved, submitted or failed\./),
  ).toBeVisible();
  const chart = page.getByRole('img', { name: 'Amount, committed and spent by department' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg').first()).toBeVisible();

  const csvLink = page.getByRole('link', { name: 'Export CSV' });
  const href = await csvLink.getAttribute('href');
  expect(href).toBe('/api/admin/report-exports/budget-vs-actual');
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect(await csv.text()).toContain(`"${code}","${name}","month"`);

  // An earlier month: the same department, nothing committed then.
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option').nth(1).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  await expect(row).toContainText('0 %');
  expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(/\?month=\d{4}-\d{2}$/);
});

test('finance reads budgets and their history but has no create or edit controls', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { name, budgetId } = await departmentWithOrder(baseURL ?? '', '5000.00');
  await signInAsFinance(page);
  await page.goto('/admin/budgets');
  await expect(page.getByRole('menuitem', { name: 'Budgets' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row).toContainText('$5,000.00');
  await expect(page.getByRole('link', { name: 'Create' })).toHaveCount(0);
  await row.getByRole('cell', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/budgets/${budgetId}/show$`));
  await expect(page.getByRole('table', { name: 'History' })).toContainText('$5,000.00');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  // The edit page is not finance's: the gate sends finance back to the reports.
  await page.goto(`/admin/budgets/${budgetId}`);
  await expect(page).toHaveURL(/\/admin\/reports$/);
});

test('an admin sets the invoice price tolerance in Settings', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Invoice Matching' });
  const tolerance = card.getByRole('spinbutton', { name: 'Price tolerance (%)' });
  await expect(tolerance).toHaveValue('2');
  await tolerance.fill('3.5');
  await card.getByRole('button', { name: 'Save Tolerance' }).click();
  await expect(card).toContainText('Saved');
  await withApi(baseURL ?? '', DEMO.admin, async (admin) => {
    const saved = await admin.get('/api/admin/invoice-settings');
    expect(await saved.json()).toEqual({ price_tolerance_percent: 3.5 });
    // Back to the default, so the invoice journeys find the 2 % they expect.
    expect((await admin.put('/api/admin/invoice-settings', { data: { price_tolerance_percent: 2 } })).status()).toBe(
      200,
    );
  });
});
