import { latestMail, signUpLinkPath } from '../../scripts/e2e/mailbox.js';
import { expect, test } from '../../scripts/e2e/portal-test.js';
import { approveAsAdmin, askToSignUp, currentUserId, DEMO_PASSWORD, SIGN_UP_CHECK_EMAIL } from './support/portal.js';

test('a new user signs up, completes onboarding, waits for approval and lands in the catalogue once approved', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = `journey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

  // The same answer as for a known e-mail; the mailed link creates the account.
  await askToSignUp(page, email, { first: 'Jamie', last: 'Rivera' });
  await page.goto(await signUpLinkPath(email));
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page.getByLabel('Your account email (read-only)')).toHaveValue(email);
  await page.getByLabel('First Name').fill('Jamie');
  await page.getByLabel('Last Name').fill('Rivera-Holt');
  await page.getByRole('button', { name: 'Complete Setup' }).click();

  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByRole('heading', { name: 'Pending Approval' })).toBeVisible();
  await expect(page.getByText('Onboarding completed')).toBeVisible();
  await expect(page.getByText('Waiting for admin approval')).toBeVisible();

  await approveAsAdmin(baseURL ?? '', await currentUserId(page));

  // No reload: the live event (or, without it, the 10 s polling fallback) moves the page on.
  await expect(page).toHaveURL(/\/catalog$/, { timeout: 12_000 });
  await expect(page.getByText(email)).toBeVisible();
});

test('a wrong password shows the server message in a red alert', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nurse@demo.supplyhub.test');
  await page.getByLabel('Password').fill('not-the-right-password');
  await page.getByRole('button', { name: 'Sign In' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Invalid login credentials' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/MuiAlert-colorError/);
  await expect(page).toHaveURL(/\/login$/);
});

test('an unauthenticated visit to /orders signs in and returns to /orders', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill('doctor@demo.supplyhub.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('sign-up checks every field before anything is sent, and a field’s message goes once it is edited', async ({
  page,
}) => {
  const signUps: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/signup')) signUps.push(request.method());
  });
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password should be at least 6 characters.')).toBeVisible();
  await page.getByLabel('First Name').fill('Jamie');
  await expect(page.getByText('First name is required')).toBeHidden();
  await expect(page.getByText('Last name is required')).toBeVisible();
  expect(signUps).toEqual([]);
  await expect(page).toHaveURL(/\/login/);
});

test('a guessable password is refused at sign-up with the reasons shown under the field', async ({ page }) => {
  const email = `weak-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First Name').fill('Jamie');
  await page.getByLabel('Last Name').fill('Rivera');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('supplyhub');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'This password is too easy to guess.' })).toBeVisible();
  await expect(
    page.getByText(/^Your name, your e-mail or the name of the portal or company are easy to guess\./),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // A stronger one goes through.
  await page.getByLabel('Password').fill('Quiet-Harbor-2026!');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(SIGN_UP_CHECK_EMAIL)).toBeVisible();
});

test('signing up with an e-mail that has an account shows the same answer, and the mail says so', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Scully');
  await page.getByLabel('Email').fill('nurse@demo.supplyhub.test');
  await page.getByLabel('Password').fill('Quiet-Harbor-2026!');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(SIGN_UP_CHECK_EMAIL)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(await latestMail('nurse@demo.supplyhub.test', 'sign-up-existing-account')).toMatch(
    /you already have an account/,
  );
});
