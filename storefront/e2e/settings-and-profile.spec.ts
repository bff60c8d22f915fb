import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, signInAs, signInAsNewDoctor } from './support/portal.js';

test('settings save the default ship-to and a shipping address checked field by field', async ({ page, baseURL }) => {
  const { email } = await signInAsNewDoctor(page, baseURL ?? '', { hasShippingAddress: false });
  await page.goto('/settings');

  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByLabel('Full name')).toHaveValue('Morgan Lee');
  await expect(profile.getByLabel('Email')).toHaveValue(email);
  await expect(profile.getByText('Provider', { exact: true })).toBeVisible();
  await expect(profile.getByLabel('Department')).toHaveAttribute('readonly', '');
  await profile.getByLabel('Default ship-to').fill('Ward 4B, room 12');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('Saved ✓')).toBeVisible();
  await expect(profile.getByText('Saved ✓')).toHaveCount(0, { timeout: 5_000 });
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toBeVisible();

  const addressCard = page.getByRole('region', { name: 'Shipping address' });
  await expect(addressCard.getByText('No shipping address yet.')).toBeVisible();
  await addressCard.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shipping address' });
  await expect(dialog.getByLabel('Country')).toHaveValue('US');
  // Nothing is saved while a required field is empty: the fields say why.
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('Full name is required')).toBeVisible();
  await expect(dialog.getByText('City is required')).toBeVisible();

  await dialog.getByLabel('Full name').fill('Dr. Morgan Lee');
  await dialog.getByLabel('Street line 1').fill('500 Mercy Way');
  await dialog.getByLabel('City').fill('Sacramento');
  await dialog.getByLabel('Postal code').fill('95814');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('State is required')).toBeVisible();
  // The State field is a list of states: the full name is chosen, the 2-letter code is stored.
  const state = dialog.getByLabel('State');
  await expect(state.locator('option', { hasText: 'Massachusetts (MA)' })).toHaveCount(1);
  await expect(state.locator('option', { hasText: 'Puerto Rico (PR)' })).toHaveCount(1);
  await state.selectOption({ label: 'California (CA)' });
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(addressCard.getByText('Sacramento, CA 95814')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Default ship-to')).toHaveValue(
    'Ward 4B, room 12',
  );
  await expect(page.getByRole('region', { name: 'Shipping address' }).getByText('500 Mercy Way')).toBeVisible();
});

test('a provider sees personal info, account status, the provider card and the security notice', async ({ page }) => {
  await signInAs(page, DEMO.provider);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const personal = page.getByRole('region', { name: 'Personal Information' });
  await expect(personal.getByText(DEMO.provider)).toBeVisible();
  await expect(personal.getByText('Priya')).toBeVisible();
  const status = page.getByRole('region', { name: 'Account Status' });
  await expect(status.getByText('provider', { exact: true })).toBeVisible();
  await expect(status.getByText('Approved')).toBeVisible();
  const providerCard = page.getByRole('region', { name: 'Provider Information' });
  for (const label of ['NPI', 'License number', 'Specialty', 'Practice address']) {
    await expect(providerCard.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(providerCard.getByText('Not provided')).toHaveCount(4);
  await expect(page.getByText('Your information is protected')).toBeVisible();
});

test('a doctor is sent from /profile to the catalogue unless arriving from the identity provider', async ({ page }) => {
  await signInAs(page, DEMO.doctor);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/catalog$/);
  await page.goto('/profile?from=okta');
  await expect(page.getByRole('region', { name: 'Provider Information' })).toBeVisible();
});
