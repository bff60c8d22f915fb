import { expect, test } from '../../scripts/e2e/portal-test.js';
import { freshGtin } from '../../scripts/e2e/gtin.js';
import { listProducts, signInAsNewDoctor, withAdmin, type CatalogueProduct } from './support/portal.js';

test('a scan typed into the catalogue search adds one pack to the cart; a wrong or unknown barcode says why and adds nothing', async ({
  page,
  baseURL,
  apiFailures,
}) => {
  apiFailures.allow(/^\/api\/scan$/); // the unknown barcode's 404 is the point
  await signInAsNewDoctor(page, baseURL ?? '');
  const [product] = (await listProducts(page)) as [CatalogueProduct];
  const box = freshGtin('1');
  await withAdmin(baseURL ?? '', async (admin) => {
    const record = await (await admin.get(`/api/admin/products/${product.id}`)).json();
    const saved = await admin.put(`/api/admin/products/${product.id}`, {
      data: { ...record, gtins: [...record.gtins, { gtin: box, units: 10 }] },
    });
    expect(saved.status()).toBe(200);
  });
  await page.goto('/catalog');
  await expect(page.getByRole('button', { name: 'Shopping cart, 0 items' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search supplies or scan a barcode' });

  // What a keyboard-wedge scanner types for a GS1-128 label: AIs in a row, FNC1 as {GS}, then Enter.
  await search.fill(`]C101${box}10LOT-77{GS}17291231`);
  await search.press('Enter');
  await expect(page.getByText(`Scanned ${product.title}: added 10 item(s) to cart.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shopping cart, 10 items' })).toBeVisible();
  await expect(search).toHaveValue('');

  // A USB scanner that sends FNC1 in first position as the group separator (ASCII 29).
  await search.fill(`\u001d01${box}10LOT-78\u001d17291231`);
  await search.press('Enter');
  await expect(page.getByText(`Scanned ${product.title}: added 10 item(s) to cart.`).last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shopping cart, 20 items' })).toBeVisible();
  await expect(page.getByText(/not a GS1 barcode we can read/)).toHaveCount(0);

  await search.fill(`${box.slice(0, -1)}${(Number(box.at(-1)) + 1) % 10}`);
  await search.press('Enter');
  await expect(page.getByText(/has a wrong check digit \(it should end in \d\): scan it again\./)).toBeVisible();
  await search.fill(freshGtin('0'));
  await search.press('Enter');
  await expect(page.getByText(/No product in the catalogue has the barcode \d{14}\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shopping cart, 20 items' })).toBeVisible();
});
