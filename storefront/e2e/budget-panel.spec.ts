import { expect, test } from '../../scripts/e2e/portal-test.js';
import {
  addToCart,
  listProducts,
  signInAsNewDoctor,
  submitFromDrawer,
  withAdmin,
  type CatalogueProduct,
} from './support/portal.js';

function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

function usd(value: number): string {
  return `$${Math.floor(value / 100).toLocaleString('en-US')}.${String(value % 100).padStart(2, '0')}`;
}

test('the cart shows the department budget change as the order grows, and a stop budget refuses the order', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000); // sign-up, onboarding and approval first, on a shared machine
  const requester = await signInAsNewDoctor(page, baseURL ?? '');
  const product = (await listProducts(page)).find((candidate) => candidate.price !== null) as CatalogueProduct;
  const price = cents(product.price!);
  const department = `Ward ${Date.now().toString(36)}`;
  // A budget of exactly two of the product: one is green, two take it all (amber), three go over (red).
  await withAdmin(baseURL ?? '', async (admin) => {
    const created = await admin.post('/api/admin/departments', {
      data: { code: `W${Date.now().toString(36).toUpperCase()}`, name: department },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await admin.put(`/api/admin/users/${requester.id}`, { data: { department_id: id } })).status()).toBe(200);
    const budget = await admin.post('/api/admin/budgets', {
      data: { department_id: id, period: 'month', amount: (price * 2) / 100, policy: 'stop' },
    });
    expect(budget.status()).toBe(201);
  });
  await addToCart(page, product.asin, 1);

  await page.goto('/catalog');
  await page.getByRole('button', { name: /^Shopping cart/ }).click();
  const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ });
  const panel = drawer.getByRole('region', { name: 'Department budget' });
  await expect(panel).toContainText(`${department} budget`, { timeout: 20_000 }); // a lazy chunk and a read
  await expect(panel).toContainText(`Remaining this period${usd(price * 2)}`);
  await expect(panel).toContainText(`This order${usd(price)}`);
  await expect(panel).toContainText(`Remaining after this order${usd(price)}`);
  await expect(panel).toHaveAttribute('data-tone', 'green');

  await drawer.getByRole('button', { name: `Increase quantity of ${product.title}` }).click();
  await expect(panel).toContainText(`Remaining after this order${usd(0)}`);
  await expect(panel).toHaveAttribute('data-tone', 'amber');

  await drawer.getByRole('button', { name: `Increase quantity of ${product.title}` }).click();
  await expect(panel).toContainText(`Remaining after this order-${usd(price)}`);
  await expect(panel).toHaveAttribute('data-tone', 'red');
  await expect(panel).toContainText('it will be refused');

  expect(await submitFromDrawer(page, drawer)).toBe(422);
  const remains = usd(price * 2).replace(/[$.]/g, (character) => `\\${character}`);
  const message = new RegExp(
    `^This order exceeds the ${department} budget for [A-Z][a-z]+: ${remains} remains\\. Only an administrator can raise the budget\\.$`,
  );
  await expect(drawer.getByText(message)).toBeVisible();
  const orders = (await (await page.request.get('/api/orders')).json()) as { data: unknown[] };
  expect(orders.data).toEqual([]);
});

test('the cart lists the approvals the order will need as it grows past a level threshold and the per-order limit', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const requester = await signInAsNewDoctor(page, baseURL ?? '');
  const product = (await listProducts(page)).find((candidate) => candidate.price !== null) as CatalogueProduct;
  const price = cents(product.price!);
  // Finance joins from two of the product; over three of it, the user's per-order limit adds one level.
  const levels = [
    { threshold: 0, roles: ['admin'] },
    { threshold: ((price * 2) / 100).toFixed(2), roles: ['finance', 'admin'] },
  ];
  const before = await withAdmin(baseURL ?? '', async (admin) => {
    const saved = (await (await admin.get('/api/admin/settings/approval-levels')).json()) as {
      levels: { threshold: string; roles: string[] }[];
    };
    expect((await admin.put('/api/admin/settings/approval-levels', { data: { levels } })).status()).toBe(200);
    const record = await (await admin.get(`/api/admin/users/${requester.id}`)).json();
    const limits = { order_limit: ((price * 3) / 100).toFixed(2), monthly_limit: ((price * 10) / 100).toFixed(2) };
    expect((await admin.put(`/api/admin/users/${requester.id}`, { data: { ...record, ...limits } })).status()).toBe(
      200,
    );
    return saved.levels;
  });
  try {
    await addToCart(page, product.asin, 1);
    await page.goto('/catalog');
    await page.getByRole('button', { name: /^Shopping cart/ }).click();
    const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ });
    // A user without a department: no budget figures, yet the approvals and the monthly limit.
    const panel = drawer.getByRole('region', { name: 'Approvals and limits' });
    await expect(panel).toContainText('Needs approval by: Admin', { timeout: 20_000 });
    await expect(panel).not.toContainText('Finance');
    await expect(panel).toContainText(
      `Your monthly limit: ${usd(price * 10)} · ${usd(price * 10)} remains this month, ${usd(price * 9)} after this order.`,
    );
    await expect(drawer.getByRole('region', { name: 'Department budget' })).toHaveCount(0);

    const increase = drawer.getByRole('button', { name: `Increase quantity of ${product.title}` });
    await increase.click();
    await expect(panel).toContainText('Needs approval by: Admin, then Finance or Admin');
    await expect(panel).not.toContainText('per-order limit');

    await increase.click();
    await increase.click();
    await expect(panel).toContainText('Needs approval by: Admin, then Finance or Admin, then another Finance or Admin');
    await expect(panel).toContainText(`Above your per-order limit of ${usd(price * 3)}: one extra approval.`);

    // A monthly limit below this cart: without a budget it is refused, with the nurse's message.
    await withAdmin(baseURL ?? '', async (admin) => {
      const record = await (await admin.get(`/api/admin/users/${requester.id}`)).json();
      const limits = { monthly_limit: ((price * 2) / 100).toFixed(2) };
      expect((await admin.put(`/api/admin/users/${requester.id}`, { data: { ...record, ...limits } })).status()).toBe(
        200,
      );
    });
    await page.reload();
    await page.getByRole('button', { name: /^Shopping cart/ }).click();
    await expect(panel).toContainText('This order would take you over it: it will be refused.', { timeout: 20_000 });
    expect(await submitFromDrawer(page, drawer)).toBe(422);
    await expect(
      drawer.getByText(
        `This order would take you over your monthly limit of ${usd(price * 2)}: ${usd(price * 2)} remains this month.`,
      ),
    ).toBeVisible();
  } finally {
    await withAdmin(baseURL ?? '', async (admin) => {
      const restore = before.map(({ threshold, roles }) => ({ threshold, roles }));
      expect((await admin.put('/api/admin/settings/approval-levels', { data: { levels: restore } })).status()).toBe(
        200,
      );
    });
  }
});
