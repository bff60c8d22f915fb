import { expect, request as playwrightRequest, type Page } from '@playwright/test';

import { removeShippingAddress } from '../../../scripts/e2e/legacy-orders.js';
import { DEMO, signInAsAdmin, signUpUser, uniqueTag, withApi, type ApiOrder } from './backoffice.js';

/** The password signUpUser gives every new account. */
export const NEW_USER_PASSWORD = 'Quiet-Harbor-2026!';

export interface Doctor {
  id: string;
  email: string;
  name: string;
}

export const SPRINGFIELD = {
  street_line1: '400 Lakeside Ave',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};

/** A doctor of the test's own: signed up, onboarded, approved by an admin; with a shipping address if asked. */
export async function newDoctor(baseURL: string, tag: string, { withAddress }: { withAddress: boolean }) {
  const name = `Jordan Reyes ${tag}`;
  const user = await signUpUser(baseURL, { first: 'Jordan', last: `Reyes ${tag}`, email: `${tag}@example.test` });
  await user.api.dispose();
  await withApi(baseURL, DEMO.admin, async (admin) => {
    expect((await admin.post(`/api/admin/users/${user.id}/approve`, { data: { approved: true } })).status()).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/roles`, { data: { role: 'doctor' } })).status()).toBe(200);
    if (withAddress) {
      const saved = await admin.put(`/api/admin/users/${user.id}/shipping-address`, {
        data: { full_name: name, ...SPRINGFIELD },
      });
      expect(saved.status()).toBe(200);
    }
  });
  return { id: user.id, email: user.email, name } satisfies Doctor;
}

/** The doctor submits an order through the API, as the storefront's cart does. */
export async function placeOrderAs(
  baseURL: string,
  doctor: Doctor,
  quantity: number,
): Promise<ApiOrder & { asin: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await api.post('/api/auth/login', { data: { email: doctor.email, password: NEW_USER_PASSWORD } });
    expect(login.status()).toBe(200);
    const products = await api.get('/api/products?per_page=1');
    const [product] = ((await products.json()) as { data: { asin: string }[] }).data;
    const asin = product?.asin ?? '';
    const placed = await api.post('/api/orders', {
      headers: { 'Idempotency-Key': uniqueTag('e2e-approval-') },
      data: { lines: [{ asin, quantity }] },
    });
    expect(placed.status()).toBe(201);
    return { ...((await placed.json()) as ApiOrder), asin };
  } finally {
    await api.dispose();
  }
}

/** Switches the page's browser context to another account. */
export async function signInPageAs(page: Page, email: string, password: string): Promise<void> {
  await page.context().clearCookies();
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
}

export function orderCard(page: Page, orderNumber: string) {
  return page.getByRole('article', { name: orderNumber, exact: true });
}

/** A new doctor of the test's own (see newDoctor) and one pending order of theirs of `quantity` items. */
export async function orderOfNewDoctor(
  baseURL: string,
  tag: string,
  { withAddress, quantity }: { withAddress: boolean; quantity: number },
) {
  // An order needs its requester's address; "without" is an order left from before that rule.
  const doctor = await newDoctor(baseURL, uniqueTag(tag), { withAddress: true });
  const order = await placeOrderAs(baseURL, doctor, quantity);
  if (!withAddress) await removeShippingAddress(doctor.id);
  return { doctor, order };
}

/** The page, signed in as the demo admin, on /admin/orders: the order's card there. */
export async function openOrderCard(page: Page, order: { order_number: string }) {
  await signInAsAdmin(page);
  await page.goto('/admin/orders');
  return orderCard(page, order.order_number);
}

export type ApprovalLevel = { threshold: number | string; roles: string[] };
/** The portal's default: one level, any administrator. */
export const ONE_ADMIN_LEVEL: ApprovalLevel[] = [{ threshold: 0, roles: ['admin'] }];

/** Saves the whole portal's approval levels as the demo admin (a test that changes them puts back ONE_ADMIN_LEVEL). */
export async function saveApprovalLevels(baseURL: string, levels: ApprovalLevel[]): Promise<void> {
  await withApi(baseURL, DEMO.admin, async (admin) => {
    const saved = await admin.put('/api/admin/settings/approval-levels', { data: { levels } });
    expect(saved.status()).toBe(200);
  });
}

export interface OrderLine {
  id: string;
  asin: string;
  title: string;
  total_price: string;
}

/** The doctor orders two each of the catalogue's first two products, as the storefront's cart does. */
export async function twoLineOrder(baseURL: string, doctor: Doctor) {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    expect(
      (await api.post('/api/auth/login', { data: { email: doctor.email, password: NEW_USER_PASSWORD } })).status(),
    ).toBe(200);
    const products = ((await (await api.get('/api/products?per_page=2')).json()) as { data: { asin: string }[] }).data;
    const placed = await api.post('/api/orders', {
      headers: { 'Idempotency-Key': uniqueTag('e2e-lines-') },
      data: { lines: products.map((product) => ({ asin: product.asin, quantity: 2 })) },
    });
    expect(placed.status()).toBe(201);
    return (await placed.json()) as { id: string; order_number: string; total_amount: string; lines: OrderLine[] };
  } finally {
    await api.dispose();
  }
}
