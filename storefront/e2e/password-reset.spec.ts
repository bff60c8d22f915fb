// The named export: the default one does not type-check under the scripts' NodeNext resolution.
import { AxeBuilder } from '@axe-core/playwright';
import { request as playwrightRequest, type Page } from '@playwright/test';

import { latestMail, signUpThroughMail } from '../../scripts/e2e/mailbox.js';
import { expect, test } from '../../scripts/e2e/portal-test.js';

const OLD_PASSWORD = 'Quiet-Harbor-2026!';
const NEW_PASSWORD = 'Amber-Lantern-Orchard-77';
const SENT = 'If an account exists for this e-mail, a reset link is on its way.';
const CHANGED = 'Your password has been changed. Please sign in.';
const LINK_USED = 'This reset link is not valid or has expired. Ask for a new one.';

// A phone's width: the pages must fit it without sideways scrolling.
test.use({ viewport: { width: 390, height: 844 } });

/** A fresh account, made through the sign-up mail in a context of its own (the page stays signed out). */
async function newAccount(baseURL: string): Promise<string> {
  const email = `reset-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await signUpThroughMail(api, { first_name: 'Robin', last_name: 'Okafor', email, password: OLD_PASSWORD });
  } finally {
    await api.dispose();
  }
  return email;
}

/** The path of the link in the latest reset mail to this address: `/reset-password#token=…`. */
async function resetLinkPath(email: string): Promise<string> {
  const body = await latestMail(email, 'password-reset');
  const link = /https?:\/\/[^\s/]+(\/reset-password#token=[A-Za-z0-9_-]{43})/.exec(body)?.[1];
  if (!link) throw new Error(`no reset link in the mail to ${email}`);
  return link;
}

/** Fits a phone's width without sideways scrolling, and has no serious or critical axe violation. */
async function expectFitsAndAccessible(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  expect(blocking.map(({ id }) => id)).toEqual([]);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a user who forgot her password resets it from the sign-in page and signs in with the new one', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = await newAccount(baseURL ?? '');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectFitsAndAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(SENT)).toBeVisible();

  const link = await resetLinkPath(email);
  await page.goto(link);
  // The token leaves the address bar once read.
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectFitsAndAccessible(page);

  // Both fields must match before anything is sent.
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();

  // A weak password: the server's reasons show under the field, as on the sign-up form.
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('password1');
  await page.getByLabel('Confirm new password').fill('password1');
  const refused = page.waitForResponse('**/api/auth/password-reset/confirm');
  await page.getByRole('button', { name: 'Change password' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  const { code, errors } = (await answer.json()) as { code: string; errors: { password: string } };
  expect(code).toBe('WEAK_PASSWORD');
  await expect(page.getByRole('alert').filter({ hasText: 'This password is too easy to guess.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText(errors.password)).toBeVisible();

  // A strong one is taken.
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(CHANGED)).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer opens the account; the new one does.
  await signIn(page, email, OLD_PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/onboarding$/);

  // The link was single-use: opened again, it says so at once and leads back to ask for a new one.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: LINK_USED })).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('too many reset requests show the server message', async ({ page, baseURL }) => {
  const email = await newAccount(baseURL ?? '');
  await page.goto('/forgot-password');
  // The per-e-mail allowance is three an hour; the fourth is refused with a 429 and its own message.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const answered = await page.request.post('/api/auth/password-reset/request', { data: { email } });
    expect(answered.status()).toBe(202);
  }
  const refused = page.waitForResponse('**/api/auth/password-reset/request');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(429);
  const { message } = (await answer.json()) as { message: string };
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByText(SENT)).toHaveCount(0);
});
