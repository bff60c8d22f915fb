import { expect, test } from '../../scripts/e2e/portal-test.js';
import { addToCart, listProducts, signInAsNewDoctor, type CatalogueProduct } from './support/portal.js';

test('a doctor makes her cart a standing order every Monday and Thursday, sees its next date, pauses and resumes it', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [fluids, gloves] = (await listProducts(page)) as [CatalogueProduct, CatalogueProduct];
  await addToCart(page, fluids.asin, 12);
  await addToCart(page, gloves.asin, 2);

  await page.goto('/catalog');
  await page.getByRole('link', { name: 'Standing orders' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Standing orders' })).toBeVisible();
  const form = page.getByRole('form').or(page.locator('form')).first();
  await expect(form).toContainText(`12 × ${fluids.title}`);

  await form.getByRole('button', { name: 'Save standing order' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();

  await form.getByLabel('Name').fill('Monday IV fluids');
  await form.getByLabel('Thursday').check();
  await form.getByRole('button', { name: 'Save standing order' }).click();

  const card = page.getByRole('article', { name: 'Monday IV fluids' });
  await expect(card).toContainText('Every Monday and Thursday');
  await expect(card).toContainText(/Next order: \d{4}-\d{2}-\d{2}/);
  await expect(card).toContainText(`2 × ${gloves.title}`);
  // The cart is left as it was: the standing order copies it.
  await expect(page.getByRole('button', { name: 'Shopping cart, 14 items' })).toBeVisible();

  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card).toContainText('Paused: nothing is ordered until you resume it.');
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card).toContainText(/Next order: \d{4}-\d{2}-\d{2}/);
});
