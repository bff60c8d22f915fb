import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { signUpThroughMail } from '../../scripts/e2e/mailbox.js';
import { expect, test } from '../../scripts/e2e/portal-test.js';
import { approveAsAdmin, DEMO, DEMO_PASSWORD, signInAs } from './support/portal.js';

const ADMIN_EMAIL = DEMO.admin;
const TIMEOUT_TEXT = 'Session initialization timeout. Please try logging in again.';

/** A fresh, onboarded and approved account, signed in in the page's own cookie jar. */
async function createApprovedUser(page: Page, baseURL: string, email: string, password: string) {
  const user = await signUpThroughMail(page.request, { first_name: 'Morgan', last_name: 'Lee', email, password });
  const onboarding = await page.request.put('/api/profile/onboarding', {
    data: { first_name: 'Morgan', last_name: 'Lee' },
  });
  expect(onboarding.status()).toBe(200);
  await approveAsAdmin(baseURL, user.id);
}

/** Waits for the browser to load /login, even when /login sends a signed-in user straight on. */
function waitForSignInPageLoad(page: Page) {
  return page.waitForRequest(
    (request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/login',
  );
}

test('a user who turns on two-step sign-in in Settings must enter a code at the next sign-in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = `mfa-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'Quiet-Harbor-2026!';
  await createApprovedUser(page, baseURL ?? '', email, password);

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up' }).click();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  const totp = new TOTP({ secret: Secret.fromBase32(await card.getByLabel('Setup key').inputValue()), digits: 6 });
  await card.getByLabel('Verification code').fill(totp.generate());
  await card.getByRole('button', { name: 'Verify' }).click();

  await expect(card.getByText('Save these recovery codes now')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  const recoveryCode = (
    await card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').first().textContent()
  )?.trim();
  // 80 bits: four groups of five hex digits.
  expect(recoveryCode).toMatch(/^[0-9a-f]{5}(-[0-9a-f]{5}){3}$/);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 recovery codes left.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();

  // A code no clock skew could make right: none of the steps the server accepts around now.
  const acceptable = new Set(
    [-30_000, 0, 30_000, 60_000].map((offset) => totp.generate({ timestamp: Date.now() + offset })),
  );
  let wrongCode = 0;
  while (acceptable.has(String(wrongCode).padStart(6, '0'))) wrongCode += 1;
  await page.getByLabel('Verification code').fill(String(wrongCode).padStart(6, '0'));
  await page.getByRole('button', { name: 'Verify' }).click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'That code is not valid. Check the time on your device and try again.' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/MuiAlert-colorError/);
  await expect(page).toHaveURL(/\/login$/);

  // Each time step is accepted once and the enrolment used the current one: the next step's code.
  await page.getByLabel('Verification code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  // In the app: the route guard kept /settings (where the user signed out) as the redirect.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: email })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);

  // A recovery code, typed in full with its dashes, signs in in place of a code.
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Verification code').fill(recoveryCode ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('Enterprise SSO is offered once the e-mail domain has a provider, and starting it notes where and when', async ({
  page,
}) => {
  await page.route('**/api/auth/sso/discover?*', async (route) => {
    const email = new URL(route.request().url()).searchParams.get('email') ?? '';
    const isClinic = email.endsWith('@clinic.example');
    await route.fulfill({
      json: {
        provider_id: isClinic ? 'clinic-okta' : null,
        matched_by: isClinic ? 'domain' : null,
        chain: ['domain', 'okta_sso', 'okta_tile'],
      },
    });
  });
  await page.route('**/api/auth/saml/*/start*', (route) =>
    route.fulfill({ body: 'identity provider', contentType: 'text/plain' }),
  );

  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login$/);
  const ssoButton = page.getByRole('button', { name: 'Enterprise SSO' });
  await page.getByLabel('Email').fill('someone@elsewhere.example');
  await expect(ssoButton).toBeDisabled();
  await page.getByLabel('Email').fill('dr.lee@clinic.example');
  await expect(ssoButton).toBeEnabled();

  await ssoButton.click();
  await expect(page).toHaveURL(/\/api\/auth\/saml\/clinic-okta\/start\?RelayState=%2Forders$/);
  const stored = await page.evaluate(() => ({
    path: localStorage.getItem('last_sso_path'),
    time: localStorage.getItem('last_sso_time'),
    providerId: localStorage.getItem('saml_provider_id'),
  }));
  expect(stored.path).toBe('/api/auth/saml/clinic-okta/start?RelayState=%2Forders');
  expect(stored.providerId).toBe('clinic-okta');
  expect(Number.isNaN(Date.parse(stored.time ?? ''))).toBe(false);
});

test('an error at the sign-in callback is kept for the SSO Doctor, which shows it until it is cleared', async ({
  page,
}) => {
  await page.goto('/auth/callback?error=provider_error&error_description=Upstream%20timeout');
  await expect(page).toHaveURL(/\/sso-doctor$/);
  const card = page.getByRole('region', { name: 'Last SAML Error' });
  await expect(card.getByText('The sign-in provider could not sign you in. Please try again.')).toBeVisible();
  await expect(card.getByText('Upstream timeout')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('lastSamlError') ?? 'null') as unknown);
  expect(stored).toMatchObject({ error: 'provider_error', error_description: 'Upstream timeout', error_code: null });
  expect(Number.isNaN(Date.parse((stored as { timestamp: string }).timestamp))).toBe(false);

  await card.getByRole('button', { name: 'Clear Error' }).click();
  await expect(page.getByText('Error cleared')).toBeVisible();
  await expect(card.getByText('Upstream timeout')).toHaveCount(0);
  await expect(card.getByText('No SAML error recorded in this browser.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lastSamlError'))).toBeNull();
});

test('a sign-in cancelled at the provider says so plainly, with the way back to sign in; diagnostics are one click further', async ({
  page,
}) => {
  await page.goto('/auth/callback?error=access_denied&error_description=User%20cancelled');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in was cancelled' })).toBeVisible();
  await expect(page.getByText('Last SAML Error')).toHaveCount(0);
  await page.getByRole('link', { name: 'Show sign-in diagnostics' }).click();
  await expect(page).toHaveURL(/\/sso-doctor$/);
  const card = page.getByRole('region', { name: 'Last SAML Error' });
  await expect(card.getByText('Sign-in was cancelled at the provider.')).toBeVisible();
  await expect(card.getByText('User cancelled', { exact: true })).toBeVisible();

  await page.goto('/auth/callback?error=access_denied');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a crafted error_description is shown only as labelled, cut data; the headline is the portal’s own text for the code', async ({
  page,
}) => {
  const lure = 'Your account is locked. Call the IT desk on 555-0100 and give them your password.';
  await page.goto(
    `/auth/callback?error=saml_signature&error_description=${encodeURIComponent(lure + ' x'.repeat(400))}`,
  );
  await expect(page).toHaveURL(/\/sso-doctor$/);
  const card = page.getByRole('region', { name: 'Last SAML Error' });
  const alert = card.getByRole('alert').first();
  await expect(alert).toContainText('The sign-in response is not validly signed by your identity provider');
  await expect(alert).not.toContainText('555-0100');
  // The description: inside the labelled figure, as code, cut to 300 characters.
  const details = card.getByRole('figure', {
    name: 'Details sent by the identity provider (not checked by the portal)',
  });
  const code = details.locator('code');
  await expect(code).toContainText(lure);
  expect((await code.textContent())!.length).toBeLessThanOrEqual(301);
  // Nowhere else on the page, the checks included.
  await expect(page.getByText(/555-0100/)).toHaveCount(1);

  // A code the portal never sends gets a neutral headline, whatever the link says.
  await page.goto('/auth/callback?error=account_locked_call_us&error_description=Call%20555-0100');
  await expect(page).toHaveURL(/\/sso-doctor$/);
  await expect(card.getByRole('alert').first()).toContainText(
    'The sign-in did not complete. The identity provider sent an error this portal does not recognise.',
  );
  await expect(page.getByText(/555-0100/)).toHaveCount(1);
});

test('an error in the callback hash reaches the SSO Doctor with the hint for its kind of problem', async ({ page }) => {
  const roleGuessReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sso/role-guess')) roleGuessReads.push(request.url());
  });
  await page.goto('/auth/callback#error=saml_audience&error_description=Audience%20mismatch');
  await expect(page).toHaveURL(/\/sso-doctor$/);
  const card = page.getByRole('region', { name: 'Last SAML Error' });
  await expect(card.getByText('Audience mismatch', { exact: true })).toBeVisible();
  await expect(card.getByText('Audience', { exact: true })).toBeVisible();
  await expect(card.getByText(/Audience \(SP Entity ID\)/)).toBeVisible();
  // Signed out: the role guess, which needs a session, is not even asked for.
  await expect(page.getByText('Sign in to see the roles computed.')).toBeVisible();
  expect(roleGuessReads).toEqual([]);
});

test('the SSO Doctor explains the role guess with the groups the identity provider sent', async ({ page }) => {
  await signInAs(page, DEMO.doctor);
  await page.goto('/sso-doctor');
  const roleCheck = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Role computation' }) });
  await expect(roleCheck.getByText(/Roles: doctor; effective role: doctor; no groups were received/)).toBeVisible();
  await expect(
    roleCheck.getByText(/SSO role guess: Group names are lower-cased; any that contains nice, employee/),
  ).toBeVisible();

  // What a SAML session shows (a real SAML sign-in is tested over HTTP with the simulated IdP).
  await page.route('**/api/auth/sso/role-guess', (route) =>
    route.fulfill({
      json: {
        auth_method: 'saml:clinic-okta',
        groups: ['Night Nurses', 'Ward 4'],
        role_guess: 'employee',
        is_forced_provider: false,
        employee_group_patterns: ['nurse', 'pharmacy'],
      },
    }),
  );
  await page.reload();
  await expect(roleCheck.getByText(/effective role: doctor; SSO role guess: employee$/)).toBeVisible();
  await expect(roleCheck.getByText('Groups received: Night Nurses, Ward 4')).toBeVisible();
  await expect(roleCheck.getByText(/any that contains nurse, pharmacy gives 'employee'/)).toBeVisible();
});

test('a callback with neither an error nor a session gives up after 7 s and opens the SSO Doctor', async ({ page }) => {
  const startedAt = Date.now();
  await page.goto('/auth/callback');
  await expect(page.getByText(TIMEOUT_TEXT)).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(6_500);
  await expect(page).toHaveURL(/\/sso-doctor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'SSO Doctor' })).toBeVisible();
});

test('the debug panel opens for an admin with debug=1 only, and otherwise sends to /login', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: DEMO_PASSWORD } });
  expect(((await login.json()) as { status: string }).status).toBe('signed_in');

  // Without debug=1 the admin lands on /login (admin-portal §2.1), which says why, with a way on.
  let signInPageLoad = waitForSignInPageLoad(page);
  await page.goto('/admin/debug');
  await signInPageLoad;
  await expect(page).toHaveURL(/\/login\?denied=debug$/);
  await expect(
    page.getByText('The debug panel opens only for an administrator, with ?debug=1 in the address.'),
  ).toBeVisible();
  await expect(page.getByText(`You are signed in as ${ADMIN_EMAIL}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.evaluate(() =>
    localStorage.setItem(
      'lastSamlError',
      JSON.stringify({
        error: 'saml_audience',
        error_description: 'Audience mismatch',
        error_code: null,
        timestamp: new Date().toISOString(),
      }),
    ),
  );
  await page.goto('/admin/debug?debug=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Debug Panel' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Last SAML Error' })).toContainText('Audience mismatch');
  await expect(page.getByRole('region', { name: 'Debug Info' })).toContainText(ADMIN_EMAIL);

  signInPageLoad = waitForSignInPageLoad(page);
  await page.getByRole('button', { name: 'Clear & Return to Login' }).click();
  await signInPageLoad;
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('lastSamlError'))).toBeNull();
});

test('a signed-out visit to the debug panel goes to the sign-in page', async ({ page }) => {
  await page.goto('/admin/debug?debug=1');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});
