import type { Page } from '@playwright/test';

import { signUpLinkPath } from '../../scripts/e2e/mailbox.js';
import { expect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsNewDoctor } from './support/portal.js';

const NEW_DOCTOR_PASSWORD = 'Quiet-Harbor-2026!';

/** Notes in the page the moment `text` first appears (a MutationObserver: no polling delay). */
async function watchText(page: Page, text: string): Promise<void> {
  await page.evaluate((wanted) => {
    const record = window as unknown as { shownAt?: Record<string, number> };
    record.shownAt ??= {};
    const observer = new MutationObserver(() => {
      if (record.shownAt![wanted] === undefined && document.body.textContent?.includes(wanted)) {
        record.shownAt![wanted] = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
}

/**
 * Milliseconds from the end of the first answer of `path` started after `since` to the moment `text`
 * appeared, both measured in the page (resource timing), so Playwright's own polling adds nothing.
 */
async function delayAfterAnswer(page: Page, text: string, path: string, since: number): Promise<number> {
  return page.evaluate(
    ({ wanted, address, start }) => {
      const shownAt = (window as unknown as { shownAt: Record<string, number> }).shownAt[wanted];
      const answer = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === address && entry.startTime >= start) as
        PerformanceResourceTiming | undefined;
      if (shownAt === undefined || !answer) throw new Error(`no ${wanted} or no answer of ${address}`);
      return shownAt - answer.responseEnd;
    },
    { wanted: text, address: path, start: since },
  );
}

const now = (page: Page) => page.evaluate(() => performance.now());

test('after three Add to Cart toasts, Submit Order’s toast replaces them within 500 ms of the server’s answer', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  await page.goto('/catalog');
  const addButtons = page.getByRole('button', { name: 'Add to Cart' });
  for (let index = 0; index < 3; index += 1) {
    await addButtons.nth(index).click();
    await expect(
      page.getByRole('button', { name: `Shopping cart, ${index + 1} ${index ? 'items' : 'item'}` }),
    ).toBeVisible();
    await expect(page.getByText('Added 1 item(s) to cart.')).toBeVisible();
  }

  await page.getByRole('button', { name: /^Shopping cart/ }).click();
  const drawer = page.getByRole('dialog', { name: /^Shopping Cart/ });
  await drawer.getByRole('checkbox', { name: 'I authorize this order request' }).check();
  await watchText(page, 'Order Submitted Successfully! ✅');
  const clickedAt = await now(page);
  await drawer.getByRole('button', { name: 'Submit Order' }).click();

  await expect(page.getByText('Order Submitted Successfully! ✅')).toBeVisible();
  // Measured before the change: about 7.5 s, behind the queued 'Added' toasts.
  expect(await delayAfterAnswer(page, 'Order Submitted Successfully! ✅', '/api/orders', clickedAt)).toBeLessThan(500);
  await expect(page.getByText('Added 1 item(s) to cart.')).toHaveCount(0);
});

test('onboarding’s Welcome! replaces the Account created! toast at once; none of them is stale on Pending Approval', async ({
  page,
}) => {
  const email = `toast-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_DOCTOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // The account is created by the link the sign-up mail carries, which then shows 'Account created!'.
  await expect(page.getByText(/^Check your e-mail/)).toBeVisible();
  await page.goto(await signUpLinkPath(email));
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Account created!')).toBeVisible();

  await watchText(page, 'Welcome!');
  const clickedAt = await now(page);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByText('Welcome!')).toBeVisible();
  expect(await delayAfterAnswer(page, 'Welcome!', '/api/profile/onboarding', clickedAt)).toBeLessThan(500);
  await expect(page.getByText('Account created!')).toHaveCount(0);
});

test('a session that ended while the tab was open sends Add to Cart and Orders to /login, and back after signing in', async ({
  page,
  baseURL,
}) => {
  const { email } = await signInAsNewDoctor(page, baseURL ?? '');
  // The navigation asks for the user's locations a moment after start, and keeps the answer a minute;
  // waited for here so that the only requests to meet the ended sessions below are the user's own.
  const locationsRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/locations');
  await page.goto('/catalog');
  await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
  expect((await locationsRead).status()).toBe(200);

  // The server ends the session (signed out elsewhere); the tab still shows the catalogue.
  expect((await page.request.post('/api/auth/logout')).status()).toBe(204);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await expect(page.getByText('The product could not be added to your cart. Please try again.')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_DOCTOR_PASSWORD);
  // The catalogue's own requests (products, cart) answered before the session ends again.
  const cartRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/cart');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
  expect((await cartRead).status()).toBe(200);

  // Again, from another screen: Orders asks the server and is told the session is gone.
  expect((await page.request.post('/api/auth/logout')).status()).toBe(204);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/Failed to load orders/)).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_DOCTOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});

test('a signed-out visit to /catalog asks for no products before going to /login, even with a stale session cookie', async ({
  page,
  baseURL,
}) => {
  const productRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/products') productRequests.push(request.url());
  });

  await page.goto('/catalog');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  // A cookie the server no longer knows (the session ended): no products preload either.
  await page
    .context()
    .addCookies([{ name: 'supply_hub.sid', value: 's%3Aended-session.signature', url: baseURL ?? '' }]);
  await page.goto('/catalog');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(productRequests).toEqual([]);

  // A live session still gets the first page preloaded by the server, and the catalogue shows it.
  await signInAsNewDoctor(page, baseURL ?? '');
  const link = (await page.request.get('/catalog')).headers()['link'] ?? '';
  expect(link).toContain('</api/products?sort=title&page=1&per_page=48>; rel=preload');
  await page.goto('/catalog');
  await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
});
