import type { Page } from '@playwright/test';

import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, signInAsAdmin, uniqueTag, withApi } from './support/backoffice.js';

// The back office's screens load lazily; on a shared machine the first paint takes a while.
const expect = baseExpect.configure({ timeout: 15_000 });

async function departmentsNamed(baseURL: string, text: string): Promise<{ name: string; site: string | null }[]> {
  return withApi(baseURL, DEMO.admin, async (api) =>
    (await api.get(`/api/admin/departments?filter=${encodeURIComponent(JSON.stringify({ q: text }))}`)).json(),
  );
}

async function chooseFile(page: Page, csv: string) {
  await page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'departments.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

test('an admin imports departments from CSV: a dry run lists each row and its errors, then the fixed file is applied', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('csv');
  await signInAsAdmin(page);
  await page.goto('/admin/departments');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import departments' });
  await expect(dialog).toBeVisible();

  // A row in error: the dry run says which line and why, and offers no Apply.
  await chooseFile(page, `name,site,active\nICU ${tag},St Mary Hospital,yes\nER ${tag},,perhaps\n`);
  await dialog.getByRole('button', { name: 'Check (dry run)' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Would be: 1 created, 0 updated, 0 unchanged, 1 with errors. Nothing has been written yet.',
  );
  const rows = dialog.getByRole('table', { name: 'Import departments' }).getByRole('row');
  await expect(rows.filter({ hasText: `ICU ${tag}` })).toContainText('Created');
  await expect(rows.filter({ hasText: `ER ${tag}` })).toContainText('Erroractive must be yes or no, not "perhaps"');
  await expect(dialog.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  expect(await departmentsNamed(baseURL ?? '', tag)).toEqual([]);

  // The fixed file: dry run, then apply both rows.
  await chooseFile(page, `name,site,active\nICU ${tag},St Mary Hospital,yes\nER ${tag},,no\n`);
  await dialog.getByRole('button', { name: 'Check (dry run)' }).click();
  await expect(dialog.getByRole('status')).toContainText('Would be: 2 created, 0 updated, 0 unchanged, 0 with errors.');
  expect(await departmentsNamed(baseURL ?? '', tag)).toEqual([]);
  await dialog.getByRole('button', { name: 'Apply 2 rows' }).click();
  await expect(page.getByText('Imported: 2 created, 0 updated, 0 unchanged.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `ICU ${tag}` })).toContainText('St Mary Hospital');
  const saved = await departmentsNamed(baseURL ?? '', tag);
  expect(saved.map(({ name, site }) => ({ name, site })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
    { name: `ER ${tag}`, site: null },
    { name: `ICU ${tag}`, site: 'St Mary Hospital' },
  ]);
});
