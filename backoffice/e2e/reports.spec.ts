import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './support/backoffice.js';

interface Range {
  from: string;
  to: string;
}

interface MapAnswer {
  states: { state: string; orders: number; units: number; spend: string }[];
  regions: { regionName: string; orders: number; units: number; spend: string }[];
}

const usd = (amount: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));
const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
/** A report day as the screen writes it: '2026-11-21' → 'Nov 21, 2026'. */
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

interface OverviewAnswer {
  total_spend: string;
  total_orders: number;
  avg_order_value: string;
  total_units: number;
  series_bucket: 'day' | 'week' | 'month';
  series: { date: string; total_spend: string; total_orders: number }[];
}

/** A day in the browser's (and this process's) timezone, as the screen computes its presets. */
function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function daysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  return localDay(date);
}

const LAST_30_DAYS: Range = { from: daysAgo(29), to: daysAgo(0) };

async function signInAs(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
}

/** The API's own answer for a slice, to hold the screen against. */
async function slice<T>(page: Page, body: Record<string, unknown>): Promise<T> {
  const response = await page.request.post('/api/reports/query', { data: body });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function overviewOf(page: Page, range: Range) {
  const [row] = await slice<OverviewAnswer[]>(page, { slice: 'overview', filters: range });
  if (!row) throw new Error('the overview slice answered no row');
  return row;
}

async function openReports(page: Page, query = ''): Promise<void> {
  await page.goto(`/admin/reports${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInAs(page, DEMO.finance);
});

test('finance sees the overview of the last 30 days, then every tab with its data', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  const overview = await overviewOf(page, LAST_30_DAYS);
  expect(overview.total_orders).toBeGreaterThan(0);
  await openReports(page);
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(LAST_30_DAYS.from);
  await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(LAST_30_DAYS.to);
  await expect(page.getByRole('button', { name: 'Last 30 Days' })).toHaveAttribute('aria-pressed', 'true');

  await expect(page.getByRole('region', { name: 'Total Spend' })).toContainText(usd(overview.total_spend));
  const orders = page.getByRole('region', { name: 'Orders', exact: true });
  await expect(orders).toContainText(count(overview.total_orders));
  await expect(orders).toContainText(`Average ${usd(overview.avg_order_value)} per order`);
  await expect(page.getByRole('region', { name: 'Units' })).toContainText(count(overview.total_units));

  // Spend over time: a point a day, the chart named and described by its summary, the figures on request.
  expect(overview.series).toHaveLength(30);
  const chart = page.getByRole('region', { name: 'Spend over Time' });
  const highest = overview.series.reduce((best, point) =>
    Number(point.total_spend) > Number(best.total_spend) ? point : best,
  );
  const summary = `Spend per day: 30 points, ${day(LAST_30_DAYS.from)} to ${day(LAST_30_DAYS.to)}. Highest: ${usd(highest.total_spend)} (${day(highest.date)}).`;
  await expect(chart.getByText(summary)).toBeVisible();
  const image = chart.getByRole('img', { name: 'Spend over Time' });
  await expect(image).toHaveAccessibleDescription(summary);
  await expect(image.locator('svg').first()).toBeVisible();
  // One mark a point (x-charts' lineClasses.mark).
  await expect(image.locator('.MuiLineChart-mark')).toHaveCount(30);
  await chart.getByText('Show the figures').click();
  const figures = chart.getByRole('table', { name: 'Spend and orders over time' });
  await expect(figures.getByRole('row')).toHaveCount(31);
  const [first] = overview.series;
  await expect(figures.getByRole('row').nth(1)).toContainText(day(first!.date));
  await expect(figures.getByRole('row').nth(1)).toContainText(usd(first!.total_spend));

  await page.getByRole('tab', { name: 'By Region' }).click();
  const regions = page.getByRole('table', { name: 'Orders and spend by US Census region' });
  for (const region of ['Northeast', 'Midwest', 'South', 'West']) {
    await expect(regions.getByRole('rowheader', { name: region, exact: true })).toBeVisible();
  }

  const topProducts = await slice<{ asin: string; title: string; total_units: number; total_spend: string }[]>(page, {
    slice: 'top_products',
    filters: LAST_30_DAYS,
  });
  await page.getByRole('tab', { name: 'Top Products' }).click();
  const products = page.getByRole('table', { name: 'Products by units ordered' });
  for (const header of ['ASIN', 'Title', 'Units', 'Spend']) {
    await expect(products.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(products.getByRole('row')).toHaveCount(topProducts.length + 1);
  const [top] = topProducts;
  if (!top) throw new Error('no product was ordered in the last 30 days');
  await expect(products.getByRole('row').nth(1)).toContainText(top.asin);
  await expect(products.getByRole('row').nth(1)).toContainText(usd(top.total_spend));

  await page.getByRole('tab', { name: 'Reorders' }).click();
  const reorders = page.getByRole('table', { name: 'Products ordered again' });
  for (const header of ['ASIN', 'Title', 'First Purchase', 'Last Purchase', 'Count', 'Average Days Between']) {
    await expect(reorders.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(reorders.getByRole('row').nth(1)).toBeVisible();
  await expect(page).toHaveURL(/tab=reorders/);
  expect(problems).toEqual([]);
});

test('a preset changes the range and the figures', async ({ page }) => {
  await openReports(page);
  await expect(page.getByRole('region', { name: 'Total Spend' })).toContainText('$');

  await page.getByRole('button', { name: 'Last 7 Days' }).click();
  const week = { from: daysAgo(6), to: daysAgo(0) };
  await expect(page).toHaveURL(new RegExp(`from=${week.from}&to=${week.to}`));
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(week.from);
  await expect(page.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Total Spend' })).toContainText(
    usd((await overviewOf(page, week)).total_spend),
  );

  await page.getByRole('button', { name: 'Last Month' }).click();
  const firstOfMonth = new Date();
  firstOfMonth.setDate(1);
  const lastOfPrevious = new Date(firstOfMonth);
  lastOfPrevious.setDate(0);
  const lastMonth = { from: `${localDay(lastOfPrevious).slice(0, 7)}-01`, to: localDay(lastOfPrevious) };
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(lastMonth.from);
  await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(lastMonth.to);
  const monthOverview = await overviewOf(page, lastMonth);
  await expect(page.getByRole('region', { name: 'Total Spend' })).toContainText(usd(monthOverview.total_spend));
  await expect(page.getByRole('region', { name: 'Spend over Time' })).toContainText(
    `Spend per day: ${monthOverview.series.length} points, ${day(lastMonth.from)} to ${day(lastMonth.to)}.`,
  );

  // A year goes week by week (weeks start on Monday; the first is dated on the start day).
  const year = { from: daysAgo(364), to: daysAgo(0) };
  const yearOverview = await overviewOf(page, year);
  expect(yearOverview.series_bucket).toBe('week');
  await openReports(page, `?tab=overview&from=${year.from}&to=${year.to}`);
  await expect(page.getByRole('region', { name: 'Spend over Time' })).toContainText(
    `Spend per week (weeks start on Monday): ${yearOverview.series.length} points, ${day(year.from)} to ${day(year.to)}.`,
  );
});

test('the map shades the states, shows a state in its tooltip and sums the regions', async ({ page }) => {
  const map = await slice<MapAnswer>(page, { slice: 'by_region', view: 'map', filters: LAST_30_DAYS });
  const busiest = [...map.states].sort((a, b) => Number(b.spend) - Number(a.spend))[0];
  if (!busiest) throw new Error('no state had spend in the last 30 days');

  await openReports(page, '?tab=by_region');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const image = page.getByRole('img', { name: /Map of US states shaded by spend/ });
  await expect(image).toBeVisible();
  await expect(image.locator('path[data-state]')).toHaveCount(51);
  const darkest = await image.locator(`path[data-state="${busiest.state}"]`).getAttribute('fill');
  expect(darkest).toBe('rgb(13, 71, 161)');

  // A point inside the state's outline (its box's centre may lie in a neighbour).
  const statePath = image.locator(`path[data-state="${busiest.state}"]`);
  await statePath.scrollIntoViewIfNeeded();
  const point = await statePath.evaluate((path) => {
    const box = path.getBoundingClientRect();
    for (let step = 0; step < 400; step += 1) {
      const x = box.left + ((step % 20) + 0.5) * (box.width / 20);
      const y = box.top + (Math.floor(step / 20) + 0.5) * (box.height / 20);
      if (document.elementFromPoint(x, y) === path) return { x, y };
    }
    throw new Error('no point of the state is visible');
  });
  await page.mouse.move(point.x, point.y);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText(`Orders: ${count(busiest.orders)}`);
  await expect(tooltip).toContainText(`Units: ${count(busiest.units)}`);
  await expect(tooltip).toContainText(`Spend: ${usd(busiest.spend)}`);

  const summary = page.getByRole('table', { name: 'Regional summary' });
  for (const region of map.regions) {
    const row = summary
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: region.regionName, exact: true }) });
    await expect(row).toContainText(usd(region.spend));
    await expect(row).toContainText(count(region.units));
  }
});

test('Export CSV downloads the slice as the API names it', async ({ page }) => {
  await openReports(page);
  await expect(page.getByRole('region', { name: 'Total Spend' })).toContainText('$');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^overview-\d{8}T\d{6}Z\.csv$/);
  const file = await download.path();
  expect(await readFile(file, 'utf8')).toContain('total_spend');

  await page.getByRole('tab', { name: 'Top Products' }).click();
  const [products] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(products.suggestedFilename()).toMatch(/^top_products-\d{8}T\d{6}Z\.csv$/);
});

test('a failed export says so with its status', async ({ page }) => {
  await page.route('**/api/reports/query', async (route) => {
    const body = route.request().postDataJSON() as { format?: string };
    if (body.format === 'csv') await route.fulfill({ status: 503, json: { code: 'NOT_READY', message: 'Busy' } });
    else await route.continue();
  });
  await openReports(page);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText('Export failed: 503')).toBeVisible();
});

test('the form refuses a range whose start is after its end, says why and asks nothing of the server', async ({
  page,
}) => {
  await openReports(page);
  const showing = await page.getByText(/^Showing /).textContent();
  let queries = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/reports/query')) queries += 1;
  });
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(daysAgo(1));
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(daysAgo(10));
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'The start date must be on or before the end date.' });
  await expect(refusal).toBeVisible();
  await expect(page.getByText(/^Showing /)).toHaveText(showing ?? '');
  await expect(page).not.toHaveURL(new RegExp(`from=${daysAgo(1)}`));
  expect(queries).toBe(0);

  // Putting it right clears the message and applies the range.
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(daysAgo(0));
  await expect(refusal).toHaveCount(0);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${daysAgo(1)}&to=${daysAgo(0)}`));
});

test('a reversed range in a link shows the analytics error card, with diagnostics', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openReports(page, `?tab=overview&from=${daysAgo(1)}&to=${daysAgo(10)}&view=table`);

  const card = page.getByRole('alert').filter({ hasText: 'Unable to load analytics' });
  await expect(card).toContainText('Failed to load overview data. The start date must be on or before the end date.');
  await expect(card.getByRole('button', { name: 'Retry' })).toBeVisible();
  await card.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(page.getByText('Diagnostics copied')).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    request: { method: string; url: string; body: { slice: string; filters: Range } };
    status: number;
    message: string;
    timestamp: string;
  };
  expect(copied.status).toBe(400);
  expect(copied.request).toMatchObject({
    method: 'POST',
    url: '/api/reports/query',
    body: { slice: 'overview', filters: { from: daysAgo(1), to: daysAgo(10) } },
  });
  expect(copied.message).toContain('Failed to load overview data.');
  expect(Date.parse(copied.timestamp)).not.toBeNaN();

  await page.getByRole('button', { name: 'Last 30 Days' }).click();
  await expect(page.getByText('Unable to load analytics')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Total Spend' })).toContainText('$');
});

test('Retry loads the report again after a failure, and an unreachable service is named', async ({ page }) => {
  let overviewCalls = 0;
  await page.route('**/api/reports/query', async (route) => {
    const body = route.request().postDataJSON() as { slice: string };
    if (body.slice !== 'overview') return route.continue();
    overviewCalls += 1;
    if (overviewCalls === 1) return route.abort('internetdisconnected');
    if (overviewCalls === 2) {
      return route.fulfill({
        status: 500,
        json: {
          code: 'INTERNAL',
          message: 'Something went wrong.',
        },
      });
    }
    return route.continue();
  });
  await openReports(page);
  const card = page.getByRole('alert').filter({ hasText: 'Unable to load analytics' });
  await expect(card).toContainText(/^.*Network error: .+\. Unable to reach analytics service/);
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card).toContainText('Failed to load overview data. Something went wrong.');
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: 'Total Spend' })).toContainText('$');
  await expect(page.getByText('Unable to load analytics')).toHaveCount(0);
});

test('finance is kept on the reports; a doctor is sent to the catalogue', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  await page.request.post('/api/auth/logout');
  await signInAs(page, DEMO.doctor);
  await page.goto('/admin/reports');
  await expect(page).toHaveURL(/\/catalog$/);
  expect(
    (await page.request.post('/api/reports/query', { data: { slice: 'overview', filters: LAST_30_DAYS } })).status(),
  ).toBe(403);
});

test('/admin/reports has no serious or critical accessibility violation, with the chart and the map', async ({
  page,
}) => {
  await openReports(page);
  await expect(page.getByRole('region', { name: 'Spend over Time' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await page.getByRole('tab', { name: 'By Region' }).click();
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(
    page
      .getByRole('img', { name: /Map of US states/ })
      .locator('path')
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test('the Other region row says what it holds: orders with no US ship-to state', async ({ page }) => {
  // An Other row in the answer, whatever the shared test data holds today.
  await page.route('**/api/reports/query', async (route) => {
    const body = route.request().postDataJSON() as { slice: string; format?: string };
    if (body.slice !== 'by_region' || body.format) return route.continue();
    const response = await route.fetch();
    const json = (await response.json()) as { data: { region: string; order_count?: number; total_spend?: string }[] };
    json.data = [
      ...json.data.filter((row) => row.region !== 'Other'),
      { region: 'Other', order_count: 2, total_spend: '12.50' },
    ];
    return route.fulfill({ response, json });
  });
  await openReports(page, '?tab=by_region&view=table');
  const other = page.getByRole('row').filter({ hasText: /^Other/ });
  await expect(other).toContainText(
    'Orders with no US ship-to state: shipped to a US territory or abroad, or with no address.',
  );
  await expect(other).toContainText('$12.50');
});
