import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoSeriousViolations, signInAsAdmin } from './support/backoffice.js';

interface DashboardCards {
  start_date: string;
  end_date: string;
  overview: { total_spend: string; total_orders: number; avg_order_value: string; total_units: number };
  top_items: { asin: string; title: string; total_units: number; total_spend: string }[];
  department_spend: {
    rows: { department_id: string; department_name: string; committed: string }[];
    total_committed: string;
  };
}

const usd = (amount: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));

async function dashboardCards(page: Page): Promise<DashboardCards> {
  const response = await page.request.get('/api/reports/dashboard');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: DashboardCards }).data;
}

const recentSpendHelp = (page: Page) =>
  page.getByRole('region', { name: 'Recent Reports' }).getByRole('region', { name: 'Monthly Spend' });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the dashboard shows the recent reports of the last 30 days and leads to the detailed reports', async ({
  page,
}) => {
  const cards = await dashboardCards(page);
  expect(cards.overview.total_orders).toBeGreaterThan(0);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent Reports' });

  const spend = recent.getByRole('region', { name: 'Monthly Spend' });
  await expect(spend).toContainText(usd(cards.overview.total_spend));
  await expect(spend).toContainText('Last 30 days');

  const items = recent.getByRole('region', { name: 'Top Ordered Items' }).getByRole('listitem');
  await expect(items).toHaveCount(cards.top_items.length);
  const [top] = cards.top_items;
  if (!top) throw new Error('no item was ordered in the last 30 days');
  await expect(items.first()).toContainText(top.title);
  await expect(items.first()).toContainText(`${top.total_units} unit`);

  const orders = recent.getByRole('region', { name: 'Latest Orders' });
  await expect(orders).toContainText(new Intl.NumberFormat('en-US').format(cards.overview.total_orders));
  await expect(orders).toContainText(`Average order value ${usd(cards.overview.avg_order_value)}`);

  await recent.getByRole('link', { name: 'View detailed reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
});

test('the dashboard shows each department’s spend as Budget vs actual counts it, and the total', async ({ page }) => {
  const cards = await dashboardCards(page);
  const report = await page.request.get('/api/admin/reports/budget-vs-actual');
  expect(report.status()).toBe(200);
  const budgetRows = ((await report.json()) as { rows: { department_id: string; committed: string }[] }).rows;
  await page.goto('/admin/dashboard');
  const section = page.getByRole('region', { name: 'Spend by department' });
  await expect(section).toContainText('as budgets count it');
  const rows = section.getByRole('table').getByRole('row');
  // The header, one row per department, the total.
  await expect(rows).toHaveCount(cards.department_spend.rows.length + 2);
  for (const row of cards.department_spend.rows) {
    expect(row.committed).toBe(
      budgetRows.find((budgetRow) => budgetRow.department_id === row.department_id)?.committed,
    );
    const named = rows.filter({ has: page.getByRole('cell', { name: row.department_name, exact: true }) });
    await expect(named).toContainText(usd(row.committed));
  }
  await expect(rows.last()).toContainText(`Total${usd(cards.department_spend.total_committed)}`);
  await expect(recentSpendHelp(page)).toContainText('approved and sent orders');
});

test('a refused dashboard report names its status and what to try', async ({ page }) => {
  await page.route('**/api/reports/dashboard', (route) =>
    route.fulfill({
      status: 403,
      json: { ok: false, error: { message: 'Forbidden' }, code: 'FORBIDDEN', message: 'Forbidden' },
    }),
  );
  await page.goto('/admin/dashboard');
  await expect(
    page.getByText('reports-query failed (403). Try a different date range or check permissions.'),
  ).toBeVisible();
});

test('/admin/dashboard has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('region', { name: 'Monthly Spend' })).toContainText('$');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoSeriousViolations(page);
});
