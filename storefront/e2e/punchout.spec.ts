import { expect, test } from '../../scripts/e2e/portal-test.js';
import { PHONE_SCREEN, expectNoHorizontalOverflow } from './support/phone-screen.js';
import { signInAsNewDoctor, submitFromDrawer } from './support/portal.js';

const GLOVES = 'Nitrile exam gloves, medium, box of 100';
const SHARPS = 'Sharps container, 2 gallon';

test("a PunchOut round trip puts the supplier's items in the cart as quoted, and they are ordered", async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  await page.goto('/catalog');
  await page.getByRole('button', { name: /^Shopping cart/ }).click();
  const drawer = page.getByRole('dialog', { name: /Shopping Cart/ });
  await drawer.getByRole('button', { name: 'Shop at supplier' }).click();

  // The sandbox supplier's own shop, on the StartPage its PunchOutSetupResponse named.
  await expect(page.getByRole('heading', { name: 'Sandbox Medical Supply' })).toBeVisible();
  await expect(page).toHaveURL(/\/sandbox\/supplier\/punchout\/shop\/[0-9a-f]{32}$/);
  await page.getByLabel(`Quantity of ${GLOVES}`).fill('3');
  await page.getByRole('button', { name: `Add ${GLOVES} to cart` }).click();
  await page.getByRole('button', { name: `Add ${SHARPS} to cart` }).click();
  await expect(page.getByRole('list', { name: 'Shop cart' })).toContainText(`3 × ${GLOVES}`);
  await page.getByRole('button', { name: 'Return to Supply Hub' }).click();

  // Back in the portal, the cart open with what the supplier returned.
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('status')).toHaveText("2 items from the supplier's shop are in your cart.");
  await expect(drawer.getByRole('heading', { name: 'Shopping Cart (4 items)' })).toBeVisible();
  const supplierItems = drawer.getByRole('list', { name: 'Supplier items' });
  await expect(supplierItems.getByRole('listitem')).toHaveCount(2);
  await expect(supplierItems).toContainText(GLOVES);
  await expect(supplierItems).toContainText('Part SBX-GLV-100 · 3 BX × $8.49 (quoted by the supplier)');
  await expect(supplierItems).toContainText('1 EA × $6.95');

  expect(await submitFromDrawer(page, drawer)).toBe(201);
  await expect(page).toHaveURL(/\/orders/);
  await expect(page.getByText(GLOVES).first()).toBeVisible();
  await expect(page.getByText('$32.42').first()).toBeVisible();
  await expect(page.getByText('Part SBX-GLV-100 · BX, priced as quoted by the supplier')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use(PHONE_SCREEN);

  test('the supplier lines can be removed from the cart, which stays within the screen', async ({ page, baseURL }) => {
    await signInAsNewDoctor(page, baseURL ?? '');
    await page.goto('/catalog');
    await page.getByRole('button', { name: /^Shopping cart/ }).click();
    await page
      .getByRole('dialog', { name: /Shopping Cart/ })
      .getByRole('button', { name: 'Shop at supplier' })
      .click();
    await page.getByRole('button', { name: `Add ${SHARPS} to cart` }).click();
    await page.getByRole('button', { name: 'Return to Supply Hub' }).click();
    const drawer = page.getByRole('dialog', { name: /Shopping Cart/ });
    // Inside the drawer, where nothing covers the line's Remove button.
    await expect(drawer.getByRole('status')).toHaveText("1 item from the supplier's shop is in your cart.");
    await expect(drawer.getByRole('list', { name: 'Supplier items' })).toContainText(SHARPS);
    await expectNoHorizontalOverflow(page);
    await drawer.getByRole('button', { name: `Remove ${SHARPS} from cart` }).click();
    await expect(drawer.getByText('Your cart is empty')).toBeVisible();
  });
});
