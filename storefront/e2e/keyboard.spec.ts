import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { signUpThroughMail } from '../../scripts/e2e/mailbox.js';
import { expect, test } from '../../scripts/e2e/portal-test.js';
import { withAdmin } from './support/portal.js';

/** Keyboard only: after the first page.goto every step is a keyboard.press or typed text. */
test.use({ viewport: { width: 1366, height: 900 } });

const PASSWORD = 'Quiet-Harbor-2026!';

/** A new approved member (role doctor or nurse, optionally of a department), made through the API; answers the e-mail. */
async function newMember(baseURL: string, role: 'doctor' | 'nurse', departmentId?: string): Promise<string> {
  const email = `keys-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const user = await signUpThroughMail(api, { first_name: 'Kim', last_name: 'Keys', email, password: PASSWORD });
    expect(
      (await api.put('/api/profile/onboarding', { data: { first_name: 'Kim', last_name: 'Keys' } })).status(),
    ).toBe(200);
    // Without a ship-to neither the cart nor a count can be submitted.
    const address = await api.put('/api/me/shipping-address', {
      data: { full_name: 'Ward 4B', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' },
    });
    expect(address.status()).toBe(200);
    await withAdmin(baseURL, async (admin) => {
      expect((await admin.post(`/api/admin/users/${user.id}/approve`, { data: { approved: true } })).status()).toBe(
        200,
      );
      expect((await admin.post(`/api/admin/users/${user.id}/roles`, { data: { role } })).status()).toBe(200);
      expect((await admin.delete(`/api/admin/users/${user.id}/roles/user`)).status()).toBe(200);
      if (departmentId) {
        const update = await admin.put(`/api/admin/users/${user.id}`, { data: { department_id: departmentId } });
        expect(update.status()).toBe(200);
      }
    });
  } finally {
    await api.dispose();
  }
  return email;
}

/**
 * The focused element shows it: an outline of at least 2 px (the theme's focus ring), or for a text
 * field its thicker border of the focused state.
 */
async function expectFocusVisible(page: Page): Promise<void> {
  const indicator = await page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return 'nothing focused';
    // A checkbox's input is invisible; the box around it (marked focus-visible) shows the focus.
    const ringed = element.matches('input[type="checkbox"], input[type="radio"]')
      ? element.closest('.Mui-focusVisible')
      : element;
    const style = ringed ? getComputedStyle(ringed) : null;
    if (style && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) return 'outline';
    const field = element.closest('.MuiInputBase-root.Mui-focused');
    const border = field?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (border && parseFloat(getComputedStyle(border).borderTopWidth) >= 2) return 'field border';
    return `no focus indicator on ${element.outerHTML.slice(0, 120)}`;
  });
  expect(['outline', 'field border']).toContain(indicator);
}

/** Presses Tab (or Shift+Tab) until the target has focus, then checks the focus shows. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', maxPresses = 80): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement, undefined, { timeout: 2_000 })) {
      await expectFocusVisible(page);
      return;
    }
  }
  throw new Error(`${maxPresses} presses of ${key} did not reach ${target.toString()}`);
}

/** Signs in on /login with the keyboard alone. */
async function signInWithKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole('textbox', { name: 'Password' }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
}

test('with the keyboard alone a doctor signs in, adds an item from the catalogue and submits the cart', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = await newMember(baseURL ?? '', 'doctor');
  await signInWithKeyboard(page, email);
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Add to Cart' }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added 1 item(s) to cart.')).toBeVisible();
  const cartButton = page.getByRole('button', { name: 'Shopping cart, 1 item' });
  await expect(cartButton).toBeVisible();

  await tabTo(page, cartButton, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: /^Shopping Cart \(1 items?\)$/ })).toBeVisible();
  await tabTo(page, drawer.getByRole('checkbox', { name: 'I authorize this order request' }));
  await page.keyboard.press('Space');
  await expect(drawer.getByRole('checkbox', { name: 'I authorize this order request' })).toBeChecked();
  await tabTo(page, drawer.getByRole('button', { name: 'Submit Order' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Order Submitted Successfully! ✅')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shopping cart, 0 items' })).toBeVisible();
});

test("with the keyboard alone a nurse opens her ward's count screen, enters the counts and submits them", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const suffix = `K${Date.now().toString(36).toUpperCase()}`;
  const products = (await withAdmin(baseURL ?? '', async (admin) => listProductsAs(admin))).slice(0, 3);
  const location = await withAdmin(baseURL ?? '', async (admin) => {
    const department = await admin.post('/api/admin/departments', { data: { code: suffix, name: `Ward ${suffix}` } });
    expect(department.status()).toBe(201);
    const { id: departmentId } = (await department.json()) as { id: string };
    const created = await admin.post('/api/admin/locations', {
      data: {
        name: `Keyboard cart ${suffix}`,
        department_id: departmentId,
        stock_list: products.map((product) => ({ asin: product.asin, par: 10, reorder_point: null, pack_size: 1 })),
      },
    });
    expect(created.status()).toBe(201);
    return { name: `Keyboard cart ${suffix}`, departmentId };
  });
  const email = await newMember(baseURL ?? '', 'nurse', location.departmentId);

  await signInWithKeyboard(page, email);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Count and top up' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Count and top up' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: new RegExp(location.name) }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: location.name })).toBeVisible();

  // Each Enter in an On hand field moves to the next item's.
  await tabTo(page, page.getByRole('textbox', { name: `On hand: ${products[0]!.title}` }));
  for (const [index, product] of products.entries()) {
    await expect(page.getByRole('textbox', { name: `On hand: ${product.title}` })).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.type(String(index + 2));
    await page.keyboard.press('Enter');
  }
  await tabTo(page, page.getByRole('button', { name: 'Submit as order' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Count saved.' })).toContainText(
    /Count saved\. Order SO-\d+ submitted for approval\./,
  );
});

async function listProductsAs(admin: APIRequestContext) {
  const response = await admin.get('/api/products?per_page=48');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { asin: string; title: string }[] }).data;
}
