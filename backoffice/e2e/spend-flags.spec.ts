import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, signInAsAdmin, uniqueTag, withApi } from './support/backoffice.js';
import { newDoctor, orderCard, placeOrderAs } from './support/orders.js';

// The back office's screens load lazily; on a shared machine the first paint takes a while.
const expect = baseExpect.configure({ timeout: 20_000 });

test('an admin sets a monthly limit in Users & Roles; the order a warn budget lets through is flagged to approvers', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag('flag');
  const doctor = await newDoctor(baseURL ?? '', tag, { withAddress: true });
  const code = tag
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(-12);
  // A warn budget of one cent: every order of the department goes over it.
  await withApi(baseURL ?? '', DEMO.admin, async (admin) => {
    const department = await admin.post('/api/admin/departments', { data: { code, name: `Flag ward ${tag}` } });
    expect(department.status()).toBe(201);
    const { id } = (await department.json()) as { id: string };
    expect((await admin.put(`/api/admin/users/${doctor.id}`, { data: { department_id: id } })).status()).toBe(200);
    const budget = await admin.post('/api/admin/budgets', {
      data: { department_id: id, period: 'month', amount: '0.01', policy: 'warn' },
    });
    expect(budget.status()).toBe(201);
  });

  // Users & Roles → Edit: the monthly limit, with its helper text.
  await signInAsAdmin(page);
  await page.goto(`/admin/users/${doctor.id}`);
  const monthly = page.getByRole('textbox', { name: 'Monthly limit (USD)' });
  await expect(monthly).toBeVisible();
  await expect(page.getByText(/refused when the department's budget policy is Stop/)).toBeVisible();
  await monthly.fill('0.02');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await withApi(baseURL ?? '', DEMO.admin, async (admin) => {
    const record = (await (await admin.get(`/api/admin/users/${doctor.id}`)).json()) as { monthly_limit: string };
    expect(record.monthly_limit).toBe('0.02');
  });

  const order = await placeOrderAs(baseURL ?? '', doctor, 1);
  await page.goto('/admin/orders');
  const card = orderCard(page, order.order_number);
  await expect(card.getByText('Over budget', { exact: true })).toBeVisible();
  await expect(card.getByText('Over monthly limit', { exact: true })).toBeVisible();

  await page.goto('/admin/approvals');
  const inboxCard = orderCard(page, order.order_number);
  await expect(inboxCard.getByText('Over budget', { exact: true })).toBeVisible();
  await expect(inboxCard.getByText('Over monthly limit', { exact: true })).toBeVisible();
});
