import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin, uniqueTag, withApi, DEMO } from './support/backoffice.js';

// The back office's screens load lazily; on a shared machine the first paint takes a while.
const expect = baseExpect.configure({ timeout: 20_000 });

test('an admin sets a department budget and sees this period’s figures in the list', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('bgt');
  const name = `Budget ward ${tag}`;
  const code = tag
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(-12);
  await withApi(baseURL ?? '', DEMO.admin, async (admin) => {
    expect((await admin.post('/api/admin/departments', { data: { code, name } })).status()).toBe(201);
  });
  await signInAsAdmin(page);
  await page.goto('/admin/budgets/create');
  await page.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('option', { name: `${code} — ${name}` }).click();
  await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('2500.50');
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row).toContainText('$2,500.50');
  await expect(row).toContainText('0 %');
  await expect(row).toContainText('stop');
});
