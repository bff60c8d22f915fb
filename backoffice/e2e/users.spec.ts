import { request as playwrightRequest, type Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, signInAsAdmin, signUpUser, uniqueTag, withApi, type ApiUser } from './support/backoffice.js';
import { NEW_USER_PASSWORD } from './support/orders.js';

async function userTotal(page: Page, filter: Record<string, unknown> = {}): Promise<number> {
  const query = `filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,0]`;
  const response = await page.request.get(`/api/admin/users?${query}`);
  expect(response.status()).toBe(200);
  return Number(response.headers()['content-range']?.split('/')[1]);
}

async function userByEmail(page: Page, email: string): Promise<ApiUser> {
  const response = await page.request.get(
    `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`,
  );
  const [user] = (await response.json()) as ApiUser[];
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

/** A fresh account of the test's own, found in the table through the search. */
async function freshUser(page: Page, baseURL: string | undefined, tag: string) {
  const email = `${tag}@example.test`;
  const created = await signUpUser(baseURL ?? '', { first: 'Casey', last: `Morgan ${tag}`, email });
  await created.api.dispose();
  return { id: created.id, email, name: `Casey Morgan ${tag}` };
}

function row(page: Page, email: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(text);
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('Users & Roles has the group tabs, the search, the table columns and the address badges', async ({ page }) => {
  const total = await userTotal(page);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users & Roles' })).toBeVisible();
  await expect(page.getByRole('tab', { name: `All Users (${total})` })).toHaveAttribute('aria-selected', 'true');
  for (const column of ['Name', 'Email', 'Role', 'Department', 'Shipping Address', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(row(page, DEMO.doctor).getByText('Set', { exact: true })).toBeVisible();
  await expect(row(page, DEMO.doctor).getByRole('button', { name: 'Edit Address' })).toBeVisible();
  await expect(row(page, 'finance@demo.supplyhub.test').getByText('Missing', { exact: true })).toBeVisible();
  await expect(row(page, 'finance@demo.supplyhub.test').getByRole('button', { name: 'Add Address' })).toBeVisible();

  await page.getByRole('tab', { name: 'Admins' }).click();
  await expect(row(page, DEMO.admin)).toBeVisible();
  await expect(row(page, 'superadmin@demo.supplyhub.test')).toBeVisible();
  await expect(row(page, DEMO.doctor)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Providers' }).click();
  await expect(row(page, DEMO.doctor)).toBeVisible();
  await expect(row(page, DEMO.admin)).toHaveCount(0);

  await page.getByRole('tab', { name: /^All Users/ }).click();
  await search(page, 'OKAFOR');
  await expect(row(page, DEMO.doctor)).toBeVisible();
  await expect(row(page, DEMO.admin)).toHaveCount(0);
  await search(page, 'no-such-user-zz9');
  await expect(page.getByText('No users found')).toBeVisible();
});

test('an admin approves the pending demo account with notes', async ({ page, baseURL }) => {
  await page.goto('/admin/users');
  await search(page, DEMO.pending);
  const pending = row(page, DEMO.pending);
  await expect(pending.getByText('Pending approval')).toBeVisible();
  await pending.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve 1 account' });
  await dialog.getByLabel('Approval notes (optional)').fill('Verified with Cardiology (e2e)');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('1 account approved')).toBeVisible();
  await expect(pending.getByText('Approved', { exact: true })).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Un-approve' })).toBeVisible();
  expect(await userByEmail(page, DEMO.pending)).toMatchObject({
    onboarding_approved: true,
    approval_notes: 'Verified with Cardiology (e2e)',
  });
  // Leaves the demo account waiting, as it was.
  await withApi(baseURL ?? '', DEMO.admin, async (admin) => {
    const user = await userByEmail(page, DEMO.pending);
    expect((await admin.post(`/api/admin/users/${user.id}/approve`, { data: { approved: false } })).status()).toBe(200);
  });
});

test('a bulk Approve of the selected rows is one request for all of them', async ({ page, baseURL }) => {
  const tag = uniqueTag('bulk');
  const first = await freshUser(page, baseURL, `${tag}a`);
  const second = await freshUser(page, baseURL, `${tag}b`);
  const commands: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/approve'))
      commands.push(new URL(request.url()).pathname);
  });
  await page.goto('/admin/users');
  await search(page, tag);
  await expect(page.getByText('Pending approval')).toHaveCount(2);
  await row(page, first.email).getByRole('checkbox').check();
  await row(page, second.email).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Approve', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Approve 2 accounts' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('2 accounts approved')).toBeVisible();
  await expect(row(page, first.email).getByText('Approved', { exact: true })).toBeVisible();
  await expect(row(page, second.email).getByText('Approved', { exact: true })).toBeVisible();
  expect(commands).toEqual(['/api/admin/users/approve']);
});

test('roles are granted and revoked from the chips, and a refusal is shown', async ({ page, baseURL }) => {
  const user = await freshUser(page, baseURL, uniqueTag('role'));
  await page.goto('/admin/users');
  await search(page, user.email);
  const roles = row(page, user.email).getByRole('group', { name: `Roles of ${user.name}` });
  await expect(roles.getByText('User', { exact: true })).toBeVisible();

  await roles.getByRole('button', { name: `Add a role to ${user.name}` }).click();
  await page.getByRole('menuitem', { name: 'Nurse' }).click();
  await expect(page.getByText(`Role Nurse granted to ${user.name}`)).toBeVisible();
  await expect(roles.getByText('Nurse', { exact: true })).toBeVisible();
  expect((await userByEmail(page, user.email)).roles).toContain('nurse');

  await roles.getByRole('button', { name: 'Remove role Nurse' }).click();
  await expect(roles.getByText('Nurse', { exact: true })).toHaveCount(0);
  expect((await userByEmail(page, user.email)).roles).not.toContain('nurse');

  await search(page, DEMO.admin);
  await row(page, DEMO.admin).getByRole('button', { name: 'Remove role Admin' }).click();
  await expect(page.getByText('You cannot remove your own admin role.')).toBeVisible();
  await expect(row(page, DEMO.admin).getByText('Admin', { exact: true })).toBeVisible();
});

test('an address is added from the table and the badge turns to Set', async ({ page, baseURL }) => {
  const user = await freshUser(page, baseURL, uniqueTag('ship'));
  await page.goto('/admin/users');
  await search(page, user.email);
  await expect(row(page, user.email).getByText('Missing', { exact: true })).toBeVisible();
  await row(page, user.email).getByRole('button', { name: 'Add Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shipping Address' });
  await dialog.getByLabel('Street').fill('12 Harbor Rd');
  await dialog.getByLabel('City').fill('Portland');
  // A list of states, not a 2-character text box ('Mass' was cut to 'Ma').
  await dialog.getByLabel('State').click();
  await page.getByRole('option', { name: 'Massachusetts (MA)' }).click();
  await dialog.getByLabel('Postal Code').fill('04101');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(row(page, user.email).getByText('Set', { exact: true })).toBeVisible();
  await row(page, user.email).getByRole('button', { name: 'Edit Address' }).click();
  await expect(dialog.getByLabel('City')).toHaveValue('Portland');
  await expect(dialog.getByLabel('State')).toHaveText('Massachusetts (MA)');
  const saved = (await userByEmail(page, user.email)) as ApiUser & { shipping_address: { state: string } | null };
  expect(saved.shipping_address).toMatchObject({ state: 'MA' });
});

test('an account is disabled and enabled again after a confirmation', async ({ page, baseURL }) => {
  const user = await freshUser(page, baseURL, uniqueTag('off'));
  await page.goto('/admin/users');
  await search(page, user.email);
  await row(page, user.email).getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('dialog', { name: `Disable ${user.name}?` });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(row(page, user.email).getByText('Disabled', { exact: true })).toBeVisible();
  expect((await userByEmail(page, user.email)).status).toBe('disabled');

  await row(page, user.email).getByRole('button', { name: 'Enable' }).click();
  await page
    .getByRole('dialog', { name: `Enable ${user.name}?` })
    .getByRole('button', { name: 'Enable' })
    .click();
  await expect(row(page, user.email).getByText('Active', { exact: true })).toBeVisible();
});

test('a failure to load the users shows the error', async ({ page }) => {
  await page.route('**/api/admin/users?*', (route) =>
    route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'Database unavailable' } }),
  );
  await page.goto('/admin/users');
  await expect(page.getByText('Failed to load users')).toBeVisible();
});

test('an account paused after wrong passwords shows when the pause ends, the paused-only filter keeps it, and Unlock lets its owner in again', async ({
  page,
  baseURL,
}) => {
  const user = await freshUser(page, baseURL, uniqueTag('paused'));
  // A stranger's browser (no device cookie of this account) guesses wrong passwords.
  const stranger = await playwrightRequest.newContext({ baseURL });
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const guess = await stranger.post('/api/auth/login', {
      data: { email: user.email, password: `not-it-${attempt}` },
    });
    expect([401, 429]).toContain(guess.status());
  }
  await stranger.dispose();
  await page.goto('/admin/users');
  await search(page, user.email);
  const paused = row(page, user.email).getByText(/^Sign-in paused until /);
  await expect(paused).toBeVisible();
  // The paused accounts alone: this one stays, an account that signs in as usual leaves the table.
  // The switch follows the list's filter, which changes with the address a moment after the click.
  const onlyPaused = page.getByLabel('Sign-in paused only');
  await onlyPaused.click();
  await expect(onlyPaused).toBeChecked();
  await search(page, '');
  await expect(paused).toBeVisible();
  await expect(row(page, DEMO.doctor)).toHaveCount(0);
  await row(page, user.email).getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('dialog').getByText(`Unlock the sign-in of ${user.name}?`)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Unlock' }).click();
  await expect(paused).toHaveCount(0);
  await expect(row(page, user.email)).toHaveCount(0);
  const owner = await playwrightRequest.newContext({ baseURL });
  const signIn = await owner.post('/api/auth/login', { data: { email: user.email, password: NEW_USER_PASSWORD } });
  expect(signIn.status()).toBe(200);
  await owner.dispose();
});
