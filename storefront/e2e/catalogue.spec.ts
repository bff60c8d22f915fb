import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, listProducts, signInAs, signInAsNewDoctor, withAdmin, type CatalogueProduct } from './support/portal.js';

const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const cards = (page: import('@playwright/test').Page) => page.getByRole('main').getByRole('article');

test('a doctor searches the catalogue, sorts it by price, loads more and sees the empty text', async ({ page }) => {
  await signInAs(page, DEMO.doctor);
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(cards(page)).toHaveCount(48);
  // Prices are for admins only in the grid.
  await expect(cards(page).first()).not.toContainText('$');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards(page)).toHaveCount(96);

  const search = page.getByRole('searchbox', { name: 'Search supplies' });
  await expect(search).toHaveAttribute('placeholder', 'Search supplies...');
  await search.fill('syringe');
  await expect(page).toHaveURL(/[?&]q=syringe/);
  const sortBy = page.getByLabel('Sort by');
  await expect(sortBy.locator('option')).toHaveText([
    'Name A–Z',
    'Price: High to Low',
    'Price: Low to High',
    'Category',
  ]);
  await sortBy.selectOption({ label: 'Price: High to Low' });
  const expected = await listProducts(page, '&q=syringe&sort=price-high');
  expect(expected.length).toBeGreaterThan(1);
  await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(expected.map((product) => product.title));

  await search.fill('no-such-supply-anywhere');
  await expect(page.getByText('No medical supplies found matching your criteria.')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});

test('the catalogue asks for its session and first products before its scripts arrive, once each', async ({ page }) => {
  await signInAs(page, DEMO.doctor);
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (/^\/(api\/auth\/session|api\/products|assets\/.+\.js)$/.test(pathname)) asked.push(pathname + search);
  });
  await page.goto('/catalog?q=glove&sort=price-low');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('price-low');
  const expected = await listProducts(page, '&q=glove&sort=price-low');
  await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(expected.map((product) => product.title));
  // The page's Link header preloads both, so they travel before the scripts are even asked for;
  // a preload the page did not use would show as a second request.
  const firstScript = asked.findIndex((address) => address.startsWith('/assets/'));
  expect(asked.slice(0, firstScript).sort()).toEqual([
    '/api/auth/session',
    '/api/products?sort=price-low&page=1&per_page=48&q=glove',
  ]);
  expect(asked.filter((address) => address.startsWith('/api/'))).toHaveLength(2);
});

test('the product page shows its blocks and adds the chosen quantity to the cart', async ({
  page,
  baseURL,
  apiFailures,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [product] = (await listProducts(page, '&q=alcohol%20prep')) as [CatalogueProduct];
  await page.goto('/catalog?q=alcohol+prep');
  await expect(page.getByRole('searchbox', { name: 'Search supplies' })).toHaveValue('alcohol prep');
  await cards(page).getByRole('link', { name: product.title }).click();

  await expect(page).toHaveURL(`/product/${product.asin}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByText('No image available')).toBeVisible();
  await expect(page.getByText(`$${Number(product.price).toFixed(2)}`, { exact: true })).toBeVisible();
  const details = page.getByRole('region', { name: 'Product Details' });
  for (const text of ['ASIN', product.asin, 'SKU', product.sku ?? '', 'Category', 'Vendor', product.vendor ?? '']) {
    await expect(details.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Specifications' }).getByText('Sterile', { exact: true }),
  ).toBeVisible();
  const viewProduct = page.getByRole('link', { name: /View Product/ });
  await expect(viewProduct).toHaveAttribute('href', product.amazon_url ?? product.product_url ?? '');
  await expect(viewProduct).toHaveAttribute('target', '_blank');
  await expect(viewProduct).toHaveAttribute('rel', 'noopener noreferrer');

  const stepper = page.getByRole('group', { name: `Quantity of ${product.title}` });
  await expect(stepper.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(stepper.getByRole('textbox', { name: 'Quantity' })).toHaveValue('3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added 3 item(s) to cart.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shopping cart, 3 items' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  apiFailures.allow(/^\/api\/products\/B0NOSUCH00$/);
  await page.goto('/product/B0NOSUCH00');
  await expect(page.getByText('Product not found')).toBeVisible();
});

test('an admin sees prices, edits a product with the shared validation and sees Saved ✓', async ({ page, baseURL }) => {
  const products = await withAdmin(baseURL ?? '', async (admin) => {
    const response = await admin.get('/api/products?q=tegaderm');
    return ((await response.json()) as { data: CatalogueProduct[] }).data;
  });
  const product = products[0] as CatalogueProduct;
  await signInAs(page, DEMO.admin);
  try {
    await page.goto('/catalog');
    await expect(page.getByText(/^\d+ items$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add product' })).toHaveAttribute('href', '/admin/catalog');
    await expect(cards(page).first()).toContainText('$');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

    await page.goto(`/product/${product.asin}`);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit product' }).click();
    const form = page.getByRole('form', { name: 'Edit product' });
    await form.getByLabel('Title').fill('');
    await form.getByLabel('Price (USD)').fill('-1');
    await form.getByLabel('Product link').fill('ftp://supplier.example/item');
    await expect(form.getByText('Must start with http:// or https://')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await expect(form.getByText('Price must be ≥ 0')).toBeVisible();
    await expect(form.getByText('Product link must start with http:// or https://')).toBeVisible();

    const description = `Edited in the browser test ${Date.now()}`;
    await form.getByLabel('Title').fill(product.title);
    await form.getByLabel('Price (USD)').fill(product.price ?? '');
    await form.getByLabel('Product link').fill(product.product_url ?? '');
    await form.getByLabel('Description').fill(description);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Saved ✓')).toBeVisible();
    // The form closes after 2 s and the page shows the saved product.
    await expect(form).toHaveCount(0, { timeout: 5_000 });
    await expect(page.getByText(description)).toBeVisible();

    // Checked in the browser before anything is sent.
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByText('Please select an image file')).toBeVisible();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect(page.getByRole('img', { name: product.title })).toBeVisible();
    await page.getByRole('button', { name: 'Remove image' }).click();
    await expect(page.getByText('No image available')).toBeVisible();
  } finally {
    await withAdmin(baseURL ?? '', async (admin) => {
      const restore = await admin.put(`/api/admin/products/${product.id}`, {
        data: {
          title: product.title,
          description: product.description,
          price: product.price === null ? null : Number(product.price),
          sku: product.sku,
          vendor: product.vendor,
          category: product.category,
          product_url: product.product_url,
        },
      });
      expect(restore.status()).toBe(200);
    });
  }
});
