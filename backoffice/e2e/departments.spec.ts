import type { Page } from '@playwright/test';

import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin, signUpUser, uniqueTag } from './support/backoffice.js';

// The back office's screens load lazily; on a shared machine the first paint takes a while.
const expect = baseExpect.configure({ timeout: 15_000 });

function row(page: Page, text: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('an admin adds a department, puts two accounts in it in one request, and deactivates it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000); // two sign-ups and four lazily loaded screens on a shared machine
  const tag = uniqueTag('dept');
  const code = tag
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(-12);
  const name = `Ward ${tag}`;
  const accounts = [];
  for (const suffix of ['a', 'b']) {
    const email = `${tag}${suffix}@example.test`;
    const created = await signUpUser(baseURL ?? '', { first: 'Dana', last: `Lee ${tag}`, email });
    await created.api.dispose();
    accounts.push(email);
  }

  await page.goto('/admin/departments');
  await expect(row(page, 'Supply Chain')).toBeVisible({ timeout: 45_000 }); // the demo's text department, migrated into the list
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, code)).toBeVisible();
  await expect(row(page, code).getByText('Active')).toBeVisible();

  const commands: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/admin/users'))
      commands.push(new URL(request.url()).pathname);
  });
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(tag);
  for (const email of accounts) await row(page, email).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Set Department' }).click();
  const dialog = page.getByRole('dialog', { name: 'Department of 2 accounts' });
  await dialog.getByRole('combobox', { name: 'Department' }).selectOption({ label: `${code} — ${name}` });
  await dialog.getByRole('button', { name: 'Set Department' }).click();
  await expect(page.getByText('Department set for 2 accounts')).toBeVisible();
  for (const email of accounts) await expect(row(page, email).getByRole('cell', { name, exact: true })).toBeVisible();
  expect(commands).toEqual(['/api/admin/users/department']);

  await page.goto('/admin/departments');
  await row(page, code).click();
  await page.getByRole('switch', { name: 'Active' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, code).getByText('Deactivated')).toBeVisible();
  await expect(row(page, code).getByRole('cell', { name: '2', exact: true })).toBeVisible();
});
