import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';

import { signUpThroughMail } from '../../../scripts/e2e/mailbox.js';

/** Helpers for the storefront journeys: demo accounts, fresh approved users and API shortcuts. */
export const DEMO_PASSWORD = 'SupplyHub-demo-2026';
export const DEMO = {
  admin: 'admin@demo.supplyhub.test',
  doctor: 'doctor@demo.supplyhub.test',
  nurse: 'nurse@demo.supplyhub.test',
  provider: 'provider@demo.supplyhub.test',
  user: 'user@demo.supplyhub.test',
  logistics: 'logistics@demo.supplyhub.test',
  finance: 'finance@demo.supplyhub.test',
} as const;

export interface CatalogueProduct {
  id: string;
  asin: string;
  sku: string | null;
  title: string;
  description: string | null;
  price: string | null;
  amazon_url: string | null;
  product_url: string | null;
  category: string | null;
  vendor: string | null;
}

export interface PlacedOrder {
  id: string;
  order_number: string;
  status: string;
}

/** Signs the page's browser context in (the cookie is shared by page.request and the page). */
export async function signInAs(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
}

/** A separate API context signed in as the demo admin; dispose it when done. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL });
  const login = await admin.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return admin;
}

export async function withAdmin<T>(baseURL: string, run: (admin: APIRequestContext) => Promise<T>): Promise<T> {
  const admin = await adminApi(baseURL);
  try {
    return await run(admin);
  } finally {
    await admin.dispose();
  }
}

/** Approves an account as the demo admin, in a separate API context (its own cookie session). */
export async function approveAsAdmin(baseURL: string, userId: string): Promise<void> {
  await withAdmin(baseURL, async (admin) => {
    const approval = await admin.post(`/api/admin/users/${userId}/approve`, { data: { approved: true } });
    expect(approval.status()).toBe(200);
  });
}

/** The id of the account signed in in the page's browser context. */
export async function currentUserId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/session', { credentials: 'same-origin' });
    return ((await response.json()) as { user: { id: string } }).user.id;
  });
}

/** What the sign-up page says once asked, whether or not the e-mail has an account. */
export const SIGN_UP_CHECK_EMAIL = 'Check your e-mail: we sent you a link to finish creating your account.';

/** Fills in and sends the sign-up form as a newcomer does, up to the answer to check the e-mail. */
export async function askToSignUp(page: Page, email: string, name: { first: string; last: string }): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First Name').fill(name.first);
  await page.getByLabel('Last Name').fill(name.last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Quiet-Harbor-2026!');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(SIGN_UP_CHECK_EMAIL)).toBeVisible();
}

/** The shipping address a new account that orders saves unless a test asks for none. */
export const NEW_USER_ADDRESS = {
  full_name: 'Morgan Lee',
  street_line1: '1 Ward Rd',
  city: 'Boston',
  state: 'MA',
  postal_code: '02115',
};

/** The page's user saves NEW_USER_ADDRESS (an order without a shipping address is refused). */
export async function saveNewUserAddress(page: Page): Promise<void> {
  expect((await page.request.put('/api/me/shipping-address', { data: NEW_USER_ADDRESS })).status()).toBe(200);
}

/**
 * A new doctor of its own (signed up, onboarded, approved, role doctor, with a shipping address
 * unless `hasShippingAddress: false`), signed in in the page's context: each test that changes data
 * gets its own cart and orders.
 */
export async function signInAsNewDoctor(
  page: Page,
  baseURL: string,
  { hasShippingAddress = true }: { hasShippingAddress?: boolean } = {},
): Promise<{ id: string; email: string }> {
  const email = `doctor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const user = await signUpThroughMail(page.request, {
    first_name: 'Morgan',
    last_name: 'Lee',
    email,
    password: 'Quiet-Harbor-2026!',
  });
  const onboarding = await page.request.put('/api/profile/onboarding', {
    data: { first_name: 'Morgan', last_name: 'Lee' },
  });
  expect(onboarding.status()).toBe(200);
  await withAdmin(baseURL, async (admin) => {
    expect((await admin.post(`/api/admin/users/${user.id}/approve`, { data: { approved: true } })).status()).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/roles`, { data: { role: 'doctor' } })).status()).toBe(200);
    expect((await admin.delete(`/api/admin/users/${user.id}/roles/user`)).status()).toBe(200);
  });
  if (hasShippingAddress) await saveNewUserAddress(page);
  return { id: user.id, email };
}

/** Products in title order (the catalogue's default sort). */
export async function listProducts(page: Page, query = ''): Promise<CatalogueProduct[]> {
  const response = await page.request.get(`/api/products?per_page=48${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: CatalogueProduct[] }).data;
}

export async function addToCart(page: Page, asin: string, quantity: number): Promise<void> {
  const response = await page.request.post('/api/cart/items', { data: { asin, quantity } });
  expect(response.status()).toBe(200);
}

/** Places an order from the given lines, as the page's user. */
export async function placeOrder(page: Page, lines: { asin: string; quantity: number }[]): Promise<PlacedOrder> {
  const response = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': `e2e-${Date.now()}-${Math.floor(Math.random() * 1e9)}` },
    data: { lines },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as PlacedOrder;
}

/** In the open cart drawer: authorize and Submit Order; answers the submission's HTTP status. */
export async function submitFromDrawer(page: Page, drawer: Locator): Promise<number> {
  await drawer.getByRole('checkbox', { name: 'I authorize this order request' }).check();
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/orders'));
  await drawer.getByRole('button', { name: 'Submit Order' }).click();
  return (await answer).status();
}
