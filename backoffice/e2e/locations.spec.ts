import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, signInAsAdmin, uniqueTag, withApi } from './support/backoffice.js';

// The back office's screens load lazily; on a shared machine the first paint takes a while.
const expect = baseExpect.configure({ timeout: 15_000 });

test('an admin edits a location’s stock list inline and imports more lines from CSV after a dry-run preview', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag('loc');
  const location = await withApi(baseURL ?? '', DEMO.admin, async (api) => {
    const department = await api.post('/api/admin/departments', {
      data: {
        code: tag
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(-12),
        name: `Ward ${tag}`,
      },
    });
    expect(department.status()).toBe(201);
    const products = ((await (await api.get('/api/products?per_page=3')).json()) as { data: { asin: string }[] }).data;
    const created = await api.post('/api/admin/locations', {
      data: {
        name: `Par cart ${tag}`,
        department_id: ((await department.json()) as { id: string }).id,
        stock_list: [{ asin: products[0]!.asin, par: 20, reorder_point: 5, pack_size: 10 }],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // An admin may count any location: the count shows on the location's page.
    const count = await api.post(`/api/locations/${id}/counts`, {
      data: { counts: [{ asin: products[0]!.asin, on_hand: 3 }] },
    });
    expect(count.status()).toBe(201);
    return { id, asins: products.map((product) => product.asin) };
  });

  await signInAsAdmin(page);
  await page.goto('/admin/locations');
  await page.getByRole('textbox', { name: 'Search' }).fill(tag);
  const row = page.getByRole('row').filter({ hasText: `Par cart ${tag}` });
  await expect(row).toContainText('Active', { timeout: 45_000 });
  await expect(row).toContainText(`Ward ${tag}`);
  // The search reaches the URL after its debounce; a filter added before then is re-rendered under the click.
  await expect(page).toHaveURL(new RegExp(tag));
  // By department: the filter offers the departments (the list's own sort, by name).
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Department' }).click();
  await page.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('option', { name: `Ward ${tag}` }).click();
  await expect(page).toHaveURL(/department_id/);
  await expect(row).toContainText(`Ward ${tag}`);
  await page.goto(`/admin/locations/${location.id}`);
  const counts = page.getByRole('table', { name: 'Latest counts' });
  await expect(counts.getByRole('row').nth(1)).toContainText(DEMO.admin);
  await expect(counts.getByRole('row').nth(1)).toContainText(': 3 (20) → 2');
  await expect(counts.getByRole('row').nth(1)).toContainText('Not ordered');

  const par = page.getByRole('spinbutton', { name: 'Par (units)' }).first();
  await expect(par).toHaveValue('20');
  await par.fill('24');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Element updated')).toBeVisible();

  const csv = `asin,par,reorder_point,pack_size\n${location.asins[0]},24,5,10\n${location.asins[1]},8,,\n`;
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Would add' })).toContainText(
    'Would add 1, change 0; 1 unchanged.',
  );
  const stored = await withApi(baseURL ?? '', DEMO.admin, async (api) =>
    (await api.get(`/api/admin/locations/${location.id}`)).json(),
  );
  expect((stored as { stock_list: unknown[] }).stock_list).toEqual([
    { asin: location.asins[0], par: 24, reorder_point: 5, pack_size: 10 },
  ]);
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
    'Imported: 1 added, 0 changed; 1 unchanged.',
  );
  await expect(page.getByRole('spinbutton', { name: 'Par (units)' })).toHaveCount(2);
});
