import { expect, type Page } from '@playwright/test';

import { signUpThroughMail } from '../../../scripts/e2e/mailbox.js';
import { withAdmin } from './portal.js';

/** Helpers for journeys on a ward: its department and locations, its members, their deliveries. */

export interface StockListLine {
  asin: string;
  par: number;
  reorder_point: number | null;
  pack_size: number;
}

/** A new department with one location of the given stock list, made by the demo admin. */
export async function newWardLocation(
  baseURL: string,
  stockList: StockListLine[],
  { prefix = 'W', locationName = 'Par cart' }: { prefix?: string; locationName?: string } = {},
): Promise<{ id: string; name: string; departmentId: string; departmentName: string }> {
  const suffix = `${prefix}${Date.now().toString(36).toUpperCase()}`;
  return withAdmin(baseURL, async (admin) => {
    const departmentName = `Ward ${suffix}`;
    const department = await admin.post('/api/admin/departments', { data: { code: suffix, name: departmentName } });
    expect(department.status()).toBe(201);
    const { id: departmentId } = (await department.json()) as { id: string };
    const created = await admin.post('/api/admin/locations', {
      data: { name: `${locationName} ${suffix}`, department_id: departmentId, stock_list: stockList },
    });
    expect(created.status()).toBe(201);
    return { ...((await created.json()) as { id: string; name: string }), departmentId, departmentName };
  });
}

/**
 * A new member of a ward (signed up, onboarded, approved, of `role` instead of user, in the
 * department, with a shipping address), signed in in the page's context.
 */
export async function signInAsWardMember(
  page: Page,
  baseURL: string,
  departmentId: string,
  role: 'nurse' | 'doctor' = 'nurse',
): Promise<{ id: string; email: string }> {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const user = await signUpThroughMail(page.request, {
    first_name: 'Robin',
    last_name: 'Shaw',
    email,
    password: 'Quiet-Harbor-2026!',
  });
  expect(
    (await page.request.put('/api/profile/onboarding', { data: { first_name: 'Robin', last_name: 'Shaw' } })).status(),
  ).toBe(200);
  await withAdmin(baseURL, async (admin) => {
    expect((await admin.post(`/api/admin/users/${user.id}/approve`, { data: { approved: true } })).status()).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/roles`, { data: { role } })).status()).toBe(200);
    expect((await admin.delete(`/api/admin/users/${user.id}/roles/user`)).status()).toBe(200);
    expect((await admin.put(`/api/admin/users/${user.id}`, { data: { department_id: departmentId } })).status()).toBe(
      200,
    );
  });
  // Whoever submits a count as an order needs a ship-to, as any requester.
  await saveShippingAddress(page);
  return { id: user.id, email };
}

/** The page's user saves a ship-to: the supplier is sent an order only with one. */
export async function saveShippingAddress(page: Page): Promise<void> {
  const address = await page.request.put('/api/me/shipping-address', {
    data: { full_name: 'Ward 4B', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' },
  });
  expect(address.status()).toBe(200);
}

/** The demo admin approves the order (at `level`, when the order needs several). */
export async function approveAsDemoAdmin(baseURL: string, orderId: string, level?: number): Promise<void> {
  await withAdmin(baseURL, async (admin) => {
    const approved = await admin.post(`/api/admin/orders/${orderId}/approve`, level ? { data: { level } } : {});
    expect(approved.status()).toBe(200);
  });
}

/** Waits, through the requester's own API, until the sandbox supplier has shipped the order in part. */
export async function waitUntilShipped(page: Page, orderId: string, timeout = 45_000): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
            fulfilment: { fulfilment_status: string | null };
          }
        ).fulfilment.fulfilment_status,
      { timeout },
    )
    .toBe('partially_shipped');
}
