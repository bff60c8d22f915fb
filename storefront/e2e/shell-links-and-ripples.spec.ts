import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, signInAs } from './support/portal.js';

// The shell's links and buttons as the first load now builds them: links through the app's own
// RouterLink, and MUI's button ripple loaded on the first press.

test('a plain click on a link moves inside the app; a Ctrl-click opens it in a new tab and leaves this one', async ({
  page,
  context,
}) => {
  await signInAs(page, DEMO.doctor);
  await page.goto('/catalog');
  const firstProduct = page.locator('a[href^="/product/"]').first();
  const href = await firstProduct.getAttribute('href');
  expect(href).toMatch(/^\/product\/[^/]+$/);

  // A marker on the window survives only if the page is not loaded again.
  await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
  const [newTab] = await Promise.all([context.waitForEvent('page'), firstProduct.click({ modifiers: ['Control'] })]);
  await newTab.waitForLoadState();
  expect(new URL(newTab.url()).pathname).toBe(href);
  await newTab.close();
  await expect(page).toHaveURL(/\/catalog$/);

  await firstProduct.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(await page.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
  await page.getByRole('link', { name: 'Back to Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  expect(await page.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
});

test('a button ripples from its very first press, and again on the next one', async ({ page }) => {
  await signInAs(page, DEMO.doctor);
  await page.goto('/catalog');
  await expect(page.locator('a[href^="/product/"]').first()).toBeVisible();
  const catalogItem = page.getByRole('navigation').getByRole('link', { name: 'Catalog' });
  const ripples = catalogItem.locator('.MuiTouchRipple-ripple');
  const box = (await catalogItem.boundingBox())!;

  for (const press of [1, 2]) {
    await page.mouse.move(box.x + 20 * press, box.y + box.height / 2);
    await page.mouse.down();
    await expect(ripples, `press ${press}`).toHaveCount(1);
    await page.mouse.up();
    await expect(ripples, `press ${press} released`).toHaveCount(0);
  }
});
