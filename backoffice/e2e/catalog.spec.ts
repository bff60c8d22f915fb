import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { createProduct, DEMO, signInAsAdmin, tinyPng, uniqueTag, withApi } from './support/backoffice.js';

async function activeProductCount(page: Page, q?: string): Promise<number> {
  const filter = JSON.stringify(q ? { active: true, q } : { active: true });
  const response = await page.request.get(`/api/admin/products?filter=${encodeURIComponent(filter)}&range=[0,0]`);
  expect(response.status()).toBe(200);
  return Number(response.headers()['content-range']?.split('/')[1]);
}

function productCard(page: Page, title: string) {
  return page.getByRole('article', { name: title, exact: true });
}

async function searchCatalog(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

/** The prices shown on the cards, in order. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').locator('p.MuiTypography-h6').allTextContents();
  return texts.filter((text) => text.startsWith('$')).map((text) => Number(text.replace(/[$,]/g, '')));
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the catalogue searches by title, ASIN, SKU and category, sorts four ways and counts the items', async ({
  page,
}) => {
  const total = await activeProductCount(page);
  await page.goto('/admin/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(page.getByText(`${total} items`)).toBeVisible();

  await searchCatalog(page, 'stethoscope');
  const matches = await activeProductCount(page, 'stethoscope');
  await expect(page.getByText(`${matches} ${matches === 1 ? 'item' : 'items'}`)).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText(/stethoscope/i);

  await searchCatalog(page, 'Wound Care');
  await expect(page.getByRole('article').first()).toContainText('Wound Care');

  await searchCatalog(page, '');
  await expect(page.getByText(`${total} items`)).toBeVisible();
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveText('Name A–Z');
  await sort.click();
  await expect(page.getByRole('option')).toHaveText([
    'Name A–Z',
    'Price: High to Low',
    'Price: Low to High',
    'Category',
  ]);
  await page.getByRole('option', { name: 'Price: High to Low' }).click();
  await expect.poll(async () => (await shownPrices(page)).slice(0, 2).length).toBe(2);
  await expect
    .poll(async () => {
      const prices = await shownPrices(page);
      return prices.every((price, index) => index === 0 || (prices[index - 1] ?? 0) >= price);
    })
    .toBe(true);

  await sort.click();
  await page.getByRole('option', { name: 'Price: Low to High' }).click();
  await expect
    .poll(async () => {
      const prices = await shownPrices(page);
      return prices.length > 1 && prices.every((price, index) => index === 0 || (prices[index - 1] ?? 0) <= price);
    })
    .toBe(true);

  await sort.click();
  await page.getByRole('option', { name: 'Category' }).click();
  await expect(page.getByRole('article').first()).toContainText('Catheters & Tubes');

  await searchCatalog(page, 'no-such-supply-zz9');
  await expect(page.getByText('No medical supplies found matching your criteria.')).toBeVisible();
});

test('Add product checks every field with the words of the specification, then adds the product', async ({ page }) => {
  // Two dialogs filled field by field and a search: over 30 s on a busy machine.
  test.setTimeout(60_000);
  const tag = uniqueTag('add');
  const sku = `E2E-${tag.toUpperCase()}`;
  await page.goto('/admin/catalog');
  await page.getByRole('button', { name: 'Add product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add product' });

  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();
  await expect(dialog.getByText('Manufacturer is required')).toBeVisible();
  await expect(dialog.getByText('Price is required')).toBeVisible();

  await dialog.getByLabel('Title').fill(`Zz E2E Gauze Pads ${tag}`);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Wound Care' }).click();
  await dialog.getByLabel('Manufacturer').fill('E2E Medical');
  await dialog.getByLabel('Price (USD)').fill('42.42');
  await dialog.getByLabel('SKU').fill(sku);
  await dialog.getByLabel('Product link').fill('not a link');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog.getByText('Invalid URL')).toBeVisible();

  await dialog.getByLabel('Product link').fill('https://example.test/gauze');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText('Product added')).toBeVisible();
  await expect(dialog).toBeHidden();

  await searchCatalog(page, sku);
  const card = productCard(page, `Zz E2E Gauze Pads ${tag}`);
  await expect(card).toContainText('$42.42');
  await expect(card).toContainText(`SKU: ${sku}`);
  await expect(card).toContainText(/ASIN: manual-\d+/);

  // The same SKU again: the server's 409 in the words of the specification.
  await page.getByRole('button', { name: 'Add product' }).click();
  await dialog.getByLabel('Title').fill(`Zz E2E Gauze Pads ${tag} again`);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Wound Care' }).click();
  await dialog.getByLabel('Manufacturer').fill('E2E Medical');
  await dialog.getByLabel('Price (USD)').fill('42.42');
  await dialog.getByLabel('SKU').fill(sku);
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog.getByText('A product with this SKU already exists')).toBeVisible();
});

test('editing a product validates title, price, link and minimum shelf life, shows Saved ✓ and closes after 2 seconds', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueTag('edit');
  const product = await createProduct(baseURL ?? '', tag);
  await page.goto('/admin/catalog');
  await searchCatalog(page, product.sku ?? '');
  await productCard(page, product.title).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit product' });

  await dialog.getByLabel('Title').fill('');
  await dialog.getByLabel('Price (USD)').fill('-1');
  await dialog.getByLabel('Product link').fill('ftp://example.test');
  await expect(dialog.getByText('Must start with http:// or https://')).toBeVisible();
  const shelfLife = dialog.getByLabel('Minimum remaining shelf life (days)');
  await expect(shelfLife).toHaveValue('90');
  await shelfLife.fill('3651');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Minimum remaining shelf life must be at most 3650 days')).toBeVisible();
  await expect(dialog.getByText('Price must be ≥ 0')).toBeVisible();
  await expect(dialog.getByText('Product link must start with http:// or https://')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('The form is not valid. Please check for errors');

  const newTitle = `Zz E2E Gauze Pads ${tag} (edited)`;
  await dialog.getByLabel('Title').fill(newTitle);
  await dialog.getByLabel('Price (USD)').fill('43.5');
  await dialog.getByLabel('Product link').fill('https://example.test/edited');
  await shelfLife.fill('180');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Saved ✓')).toBeVisible();
  // No stale 'form is not valid' message anywhere once the save succeeded.
  await expect(page.getByText('The form is not valid', { exact: false })).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 4000 });
  await expect(productCard(page, newTitle)).toContainText('$43.50');
  await withApi(baseURL ?? '', DEMO.admin, async (admin) => {
    const saved = (await (await admin.get(`/api/admin/products/${product.id}`)).json()) as {
      min_shelf_life_days: number;
    };
    expect(saved.min_shelf_life_days).toBe(180);
  });
});

test('an image is uploaded on hover (with or without a SKU) and removed again, and wrong files are refused', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueTag('img');
  const product = await createProduct(baseURL ?? '', tag);
  const noSku = await createProduct(baseURL ?? '', `${tag}n`, null);
  await page.goto('/admin/catalog');
  await searchCatalog(page, tag);
  const card = productCard(page, product.title);
  await expect(card.getByText('No image')).toBeVisible();

  // The actions fade in over the image on hover.
  const upload = card.getByText('Upload image');
  await expect(upload.locator('..')).toHaveCSS('opacity', '0');
  await upload.hover();
  await expect(upload.locator('..')).toHaveCSS('opacity', '1');
  await card
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please select an image file')).toBeVisible();

  await card.locator('input[type="file"]').setInputFiles({ name: 'pad.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByText('Image uploaded')).toBeVisible();
  const image = card.getByRole('img', { name: `Image of ${product.title}` });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^\/media\/product-images\/.+\.webp$/);
  await expect.poll(async () => image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBeGreaterThan(0);

  await card.getByRole('button', { name: 'Remove image' }).click();
  await expect(page.getByText('Image removed')).toBeVisible();
  await expect(card.getByText('No image')).toBeVisible();

  const noSkuCard = productCard(page, noSku.title);
  await noSkuCard
    .locator('input[type="file"]')
    .setInputFiles({ name: 'pad.png', mimeType: 'image/png', buffer: tinyPng() });
  // A product without a SKU takes an image too: images are stored under generated names.
  await expect(noSkuCard.getByRole('img', { name: `Image of ${noSku.title}` })).toBeVisible();
});

test('a failure to load the products shows the banner', async ({ page }) => {
  await page.route('**/api/admin/products?*', (route) =>
    route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'Database unavailable' } }),
  );
  await page.goto('/admin/catalog');
  await expect(page.getByText('No products found')).toBeVisible();
  await expect(page.getByText('Failed to load products from database.')).toBeVisible();
});
