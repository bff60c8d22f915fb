import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './support/backoffice.js';
import {
  ONE_ADMIN_LEVEL,
  openOrderCard,
  orderCard,
  orderOfNewDoctor,
  saveApprovalLevels,
  signInPageAs,
} from './support/orders.js';

// Demo mode: approvals really submit cXML to the sandbox supplier. Generous waits on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

// The levels are the whole portal's: every test here puts back the default one level.
test.afterEach(async ({ baseURL }) => {
  await saveApprovalLevels(baseURL ?? '', ONE_ADMIN_LEVEL);
});

test('a two-level order goes admin → finance → sent; finance’s Approvals inbox shows it only at her level', async ({
  page,
  baseURL,
}) => {
  const { order } = await orderOfNewDoctor(baseURL ?? '', 'lvl', { withAddress: true, quantity: 4 });
  const total = Number((order as unknown as { total_amount: string }).total_amount);
  expect(total).toBeGreaterThan(0);
  // The second level starts at this order's total: it needs an administrator, then finance.
  await saveApprovalLevels(baseURL ?? '', [
    { threshold: 0, roles: ['admin'] },
    { threshold: total.toFixed(2), roles: ['finance'] },
  ]);

  // Finance first: the order waits for the administrators' level, so her inbox does not list it.
  await signInPageAs(page, DEMO.finance, DEMO_PASSWORD);
  await page.goto('/admin/approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Approvals' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(orderCard(page, order.order_number)).toHaveCount(0);

  // The administrator approves the first level: nothing is sent yet.
  await page.context().clearCookies();
  const card = await openOrderCard(page, order);
  const approvals = card.getByRole('region', { name: 'Approvals' });
  await expect(approvals).toContainText('Waiting for level 1: an administrator');
  await expect(approvals).toContainText('Waiting for level 2: finance');
  await card.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Approved at level 1: the order waits for its next approval')).toBeVisible();
  await expect(approvals).toContainText(`Level 1 approved by ${DEMO.admin}`);
  await expect(approvals).not.toContainText('Waiting for level 1');
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  // The same administrator cannot give the second level too.
  await card.getByRole('button', { name: 'Approve & Order' }).click();
  await expect(
    page.getByText('You already approved this order at level 1: level 2 needs a different approver.'),
  ).toBeVisible();

  // Now finance's inbox lists it; she approves and the order goes to the supplier.
  await signInPageAs(page, DEMO.finance, DEMO_PASSWORD);
  await page.goto('/admin/approvals');
  const inboxCard = orderCard(page, order.order_number);
  await expect(inboxCard).toBeVisible();
  await expect(inboxCard.getByRole('region', { name: 'Approvals' })).toContainText(`Level 1 approved by ${DEMO.admin}`);
  await expectNoSeriousViolations(page);
  await inboxCard.getByRole('button', { name: 'Approve & Order' }).click();
  await expect(page.getByText('Order Approved & Submitted')).toBeVisible();
  await expect(inboxCard).toHaveCount(0);

  // The back office's order card: submitted, with both approvals.
  await page.context().clearCookies();
  const done = await openOrderCard(page, order);
  await expect(done.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(done.getByRole('region', { name: 'Approvals' })).toContainText(`Level 1 approved by ${DEMO.admin}`);
  await expect(done.getByRole('region', { name: 'Approvals' })).toContainText(`Level 2 approved by ${DEMO.finance}`);
  const sent = await page.request.get(`/api/admin/orders/${order.id}`);
  expect(await sent.json()).toMatchObject({ status: 'submitted', approval: { waiting_for: [] } });
});

test('an administrator edits the approval levels in Settings, and a bad threshold is refused with its reason', async ({
  page,
}) => {
  await signInPageAs(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Approval Levels' });
  const level = (number: number) => card.getByRole('group', { name: `Level ${number}` });
  await expect(level(1).getByLabel('Threshold (USD)')).toHaveValue('0');
  await expect(level(1).getByRole('checkbox', { name: 'Admin', exact: true })).toBeChecked();
  await card.getByRole('button', { name: 'Add Level' }).click();
  await level(2).getByLabel('Threshold (USD)').fill('2500');
  await level(2).getByRole('checkbox', { name: 'Admin', exact: true }).uncheck();
  await level(2).getByRole('checkbox', { name: 'Finance' }).check();
  await card.getByRole('button', { name: 'Save Approval Levels' }).click();
  await expect(card.getByText('Saved ✓')).toBeVisible();
  const saved = await page.request.get('/api/admin/settings/approval-levels');
  expect(await saved.json()).toEqual({
    levels: [
      { level: 1, threshold: '0.00', roles: ['admin'] },
      { level: 2, threshold: '2500.00', roles: ['finance'] },
    ],
  });

  await level(2).getByLabel('Threshold (USD)').fill('0');
  await card.getByRole('button', { name: 'Save Approval Levels' }).click();
  await expect(level(2).getByText("Level 2's threshold must be above level 1's")).toBeVisible();
  expect(await (await page.request.get('/api/admin/settings/approval-levels')).json()).toEqual(await saved.json());
});
