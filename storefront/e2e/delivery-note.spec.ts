import { expect, test } from '../../scripts/e2e/portal-test.js';
import { addToCart, listProducts, signInAsNewDoctor, type CatalogueProduct } from './support/portal.js';

test('a doctor is told a delivery note with a date of birth cannot go to the supplier, fixes it, and sees it on the order', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [product] = (await listProducts(page)) as [CatalogueProduct];
  await addToCart(page, product.asin, 1);
  await page.goto('/catalog');
  await page.getByRole('button', { name: /^Shopping cart/ }).click();
  const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ });
  const note = drawer.getByRole('textbox', { name: 'Delivery instructions' });
  await note.fill('Bed 4, DOB 03/14/1961');
  await drawer.getByRole('checkbox', { name: 'I authorize this order request' }).check();
  const submit = drawer.getByRole('button', { name: 'Submit Order' });
  await submit.click();

  await expect(drawer.getByRole('alert')).toHaveText(
    'Order note: this looks like a date of birth. Supplier messages must not hold patient details; write the bed or room instead.',
  );
  // Nothing was ordered: the cart still holds the item, and the note is there to fix.
  await expect(drawer.getByRole('heading', { name: 'Shopping Cart (1 items)' })).toBeVisible();
  await note.fill('deliver to bed bay 3');
  await submit.click();

  await expect(page.getByText('Order Submitted Successfully! ✅')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Delivery instructions: deliver to bed bay 3');
});
