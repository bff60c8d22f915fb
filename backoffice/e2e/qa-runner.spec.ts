import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoSeriousViolations, signInAsAdmin } from './support/backoffice.js';

const STEPS = [
  'Preview detection',
  'Session check',
  'Punchout settings present',
  'Catalogue has products',
  'Create test order',
  'Find the order pending',
  'Approve & Order',
  'Order status submitted',
  'Integration log entry',
  'Sandbox received exactly one order',
  'Supplier order id recorded',
  'Save the result',
];

const expect = baseExpect.configure({ timeout: 10_000 });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the QA runner runs all 12 steps to success against the sandbox supplier and stores the result', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/admin/qa-runner?fast=1');
  await expect(page.getByRole('heading', { level: 1, name: 'QA Runner' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(12);
  for (const [index, name] of STEPS.entries()) {
    await expect(steps.nth(index)).toHaveAccessibleName(name);
    await expect(steps.nth(index)).toHaveAttribute('data-status', 'pending');
  }

  await page.getByRole('button', { name: 'Run QA' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'QA run finished: all steps passed' })).toBeVisible({
    timeout: 45_000,
  });
  for (const index of STEPS.keys()) await expect(steps.nth(index)).toHaveAttribute('data-status', 'success');
  await expect(steps.nth(4)).toContainText(/Created SO-\d+/);
  await expect(steps.nth(9)).toContainText('One order received');

  // The created order really went to the sandbox, once.
  const orderNumber = (await steps.nth(4).textContent())?.match(/SO-\d+/)?.[0] ?? '';
  const received = await page.request.get(`/sandbox/supplier/orders?order_id=${orderNumber}`);
  expect(((await received.json()) as unknown[]).length).toBe(1);

  const last = page.getByRole('region', { name: 'Last Stored Result' });
  await expect(last.getByText('Success', { exact: true }).first()).toBeVisible();
  await expect(last.getByRole('list', { name: 'Last Stored Result' }).getByRole('listitem')).toHaveCount(12);
  const stored = await page.request.get('/api/admin/qa-runner/result');
  expect(await stored.json()).toMatchObject({ result: { status: 'success' }, demo_mode: true });
  // The end of the run removed the test order from live data.
  const left = await page.request.get(
    `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: orderNumber }))}`,
  );
  expect(await left.json()).toEqual([]);
});

test('outside preview mode the runner stops at the first step with the spec text', async ({ page }) => {
  await page.route('**/api/health', (route) =>
    route.fulfill({
      json: { status: 'ok', db: 'ok', version: '0.1.0', uptime_s: 5, demo_mode: false, jobs: [] },
    }),
  );
  await page.goto('/admin/qa-runner?fast=1');
  await page.getByRole('button', { name: 'Run QA' }).click();
  const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
  await expect(steps.first()).toHaveAttribute('data-status', 'error');
  await expect(steps.first()).toContainText('QA Runner only works in preview mode');
  await expect(steps.nth(1)).toHaveAttribute('data-status', 'pending');
  await expect(page.getByRole('status').filter({ hasText: 'QA run stopped at: Preview detection' })).toBeVisible();

  await page.route('**/api/health', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Run QA' }).click();
  await expect(steps.first()).toContainText('Preview detection failed');
});

test('/admin/qa-runner has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/admin/qa-runner');
  await expect(page.getByRole('heading', { level: 1, name: 'QA Runner' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Last Stored Result' })).not.toContainText('Loading');
  await expectNoSeriousViolations(page);
});
