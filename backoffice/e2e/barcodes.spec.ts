import { freshGtin } from '../../scripts/e2e/gtin.js';
import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { createProduct, signInAsAdmin, uniqueTag } from './support/backoffice.js';

// The back office's screens load lazily; on a shared machine the first paint takes a while.
const expect = baseExpect.configure({ timeout: 15_000 });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('an admin gives a product its barcodes, a wrong check digit is refused on its field, and a scan then finds the box', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueTag('gtin');
  const product = await createProduct(baseURL ?? '', tag);
  const [each, box] = [freshGtin('0'), freshGtin('1')];
  await page.goto('/admin/catalog');
  await page.getByRole('searchbox', { name: 'Search' }).fill(product.sku ?? '');
  await page.getByRole('article', { name: product.title, exact: true }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit product' });
  await expect(dialog.getByText('Barcodes (GTIN)')).toBeVisible();

  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByLabel('GTIN').nth(0).fill(each.slice(1));
  await dialog.getByRole('button', { name: 'Add' }).click();
  const wrong = `${box.slice(0, -1)}${(Number(box.at(-1)) + 1) % 10}`;
  await dialog.getByLabel('GTIN').nth(1).fill(wrong);
  await dialog.getByLabel('Units in this pack').nth(1).fill('12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/wrong check digit \(it should end in \d\)/).first()).toBeVisible();

  await dialog.getByLabel('GTIN').nth(1).fill(box);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Saved ✓')).toBeVisible();

  const scan = await page.request.get(`/api/scan?code=${encodeURIComponent(`(01)${box}(17)290100(10)L-${tag}`)}`);
  expect(scan.status()).toBe(200);
  expect(await scan.json()).toMatchObject({
    asin: product.asin,
    units: 12,
    gtin: box,
    lot: `L-${tag}`,
    expiry: '2029-01-31',
  });
  expect((await page.request.get(`/api/scan?code=${each.slice(1)}`).then((response) => response.json())).units).toBe(1);
});

test('GTINs load from a CSV file: the check lists the changes first, then loading writes them', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueTag('gtincsv');
  const product = await createProduct(baseURL ?? '', tag);
  const caseGtin = freshGtin('3');
  await page.goto('/admin/catalog');
  await page.getByRole('button', { name: 'Load GTINs (CSV)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Load GTINs from a CSV file' });

  // A broken file first (a wrong check digit: a shortened GTIN may be a valid GTIN-13 by chance),
  // refused with its line, nothing to load.
  const wrongCheckDigit = `${caseGtin.slice(0, -1)}${(Number(caseGtin.at(-1)) + 1) % 10}`;
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'broken.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`asin,gtin,units\n${product.asin},${wrongCheckDigit},100\n`),
  });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The GTIN file was not loaded: line 2:');

  await dialog.locator('input[type=file]').setInputFiles({
    name: 'gtins.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`asin,gtin,units\n${product.asin},${caseGtin},100\n`),
  });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 product would change');
  const row = dialog.getByRole('row', { name: new RegExp(product.asin) });
  await expect(row).toContainText('none');
  await expect(row).toContainText(`${caseGtin} × 100`);
  expect((await page.request.get(`/api/scan?code=${caseGtin}`)).status()).toBe(404);

  await dialog.getByRole('button', { name: 'Load 1 change' }).click();
  await expect(page.getByText('GTINs loaded for 1 product')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await (await page.request.get(`/api/scan?code=${caseGtin}`)).json()).toMatchObject({
    asin: product.asin,
    units: 100,
  });
});
