import type { Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoHorizontalOverflow, expectTappable, PHONE_SCREEN } from './support/phone-screen.js';
import { listProducts, signInAsNewDoctor } from './support/portal.js';

const PASSWORD = 'Quiet-Harbor-2026!';

test.use(PHONE_SCREEN);

/** The shell's header: 'supply hub' on one line, the cart and the user menu inside the screen and uncovered. */
async function expectUsableHeader(page: Page, email: string): Promise<void> {
  const title = page.getByRole('banner').getByText('supply hub', { exact: true });
  await expect(title).toBeVisible();
  const lineHeight = await title.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  expect((await title.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  await expectTappable(page.getByRole('button', { name: /^Shopping cart/ }));
  await expectTappable(page.getByRole('button', { name: email }));
  await expectNoHorizontalOverflow(page);
}

test('on a 390 × 844 phone a doctor signs in, orders from the catalogue, and reaches orders and settings', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // A long e-mail, as real ones often are: it must not push the cart off the header.
  const { email } = await signInAsNewDoctor(page, baseURL ?? '');
  await page.context().clearCookies();

  await page.goto('/login');
  await expectNoHorizontalOverflow(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/catalog$/);

  const addToCart = page.getByRole('button', { name: 'Add to Cart' }).first();
  await expect(addToCart).toBeVisible();
  await expectUsableHeader(page, email);
  await addToCart.click();
  await expect(page.getByRole('button', { name: 'Shopping cart, 1 item' })).toBeVisible();

  await page.getByRole('button', { name: 'Shopping cart, 1 item' }).click();
  const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ });
  await expect(drawer.getByRole('heading', { name: 'Shopping Cart (1 items)' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await drawer.getByRole('checkbox', { name: 'I authorize this order request' }).check();
  await expectTappable(drawer.getByRole('button', { name: 'Submit Order' }));
  await drawer.getByRole('button', { name: 'Submit Order' }).click();

  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expectUsableHeader(page, email);

  const [product] = await listProducts(page);
  await page.goto(`/product/${product!.asin}`);
  await expect(page.getByRole('heading', { name: product!.title })).toBeVisible();
  await expectUsableHeader(page, email);

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await expectUsableHeader(page, email);

  await page.getByRole('button', { name: email }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
