import type { Locator } from '@playwright/test';

import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoSeriousViolations, signInAsAdmin } from './support/backoffice.js';

// The e2e server has no marketplace credentials and no SSO provider: the pages show exactly that.

function row(list: Locator, label: string) {
  return list.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

const expect = baseExpect.configure({ timeout: 10_000 });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('/admin/ab-health shows Disabled, every credential Missing, the endpoint tests and the setup steps', async ({
  page,
}) => {
  await page.goto('/admin/ab-health');
  await expect(page.getByRole('heading', { level: 1, name: 'Business Purchasing Health' })).toBeVisible();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Disabled', { exact: true })).toBeVisible();
  const configuration = page.getByRole('region', { name: 'Configuration' });
  for (const label of ['Client ID', 'Client Secret', 'Refresh Token', 'Marketplace']) {
    await expect(row(configuration, label)).toHaveText('Missing');
  }

  const tests = page.getByRole('region', { name: 'Endpoint Tests' });
  const products = tests.getByRole('listitem', { name: 'Products endpoint (GET /api/ab/products)' });
  const order = tests.getByRole('listitem', { name: 'Order endpoint (POST /api/ab/order)' });
  await expect(products.getByText('Pending', { exact: true })).toBeVisible();
  await tests.getByRole('button', { name: 'Run Tests' }).click();
  await expect(products.getByText('PASS', { exact: true })).toBeVisible();
  await expect(products).toContainText('status: not_configured');
  await expect(order.getByText('PASS', { exact: true })).toBeVisible();
  await expect(page.getByText('AB Tests Complete')).toBeVisible();

  const setup = page.getByRole('region', { name: 'Setup Instructions' });
  await expect(setup).toContainText('AB_CLIENT_ID, AB_CLIENT_SECRET, AB_REFRESH_TOKEN and AB_MARKETPLACE');
});

test('/admin/paapi-health shows the checklist Missing, overall Disabled, a failing test and the image policy', async ({
  page,
}) => {
  await page.goto('/admin/paapi-health');
  await expect(page.getByRole('heading', { level: 1, name: 'Product Advertising API Health' })).toBeVisible();
  const checklist = page.getByRole('region', { name: 'Checklist' });
  for (const label of ['Enabled flag', 'Partner Tag', 'Access Key', 'Secret Key']) {
    await expect(row(checklist, label)).toHaveText('Missing');
  }
  await expect(row(checklist, 'Overall status')).toHaveText('Disabled');

  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText('Connection test: FAIL')).toBeVisible();
  const lastTest = page.getByRole('region', { name: 'Last Test' });
  await expect(row(lastTest, 'Status')).toHaveText('FAIL');
  await expect(row(lastTest, 'Last error')).toHaveText('not_configured');
  await expect(row(lastTest, 'Tested')).not.toBeEmpty();

  await page.getByRole('button', { name: 'Clear Image Cache' }).click();
  await expect(page.getByText('No image cache: images are served from the marketplace CDN URLs.')).toBeVisible();

  const policy = page.getByRole('region', { name: 'Usage Policy' });
  await expect(policy).toContainText('No image re-hosting and no caching of image binaries.');
  await expect(policy).toContainText('Use the marketplace CDN image URLs directly.');
  await expect(policy).toContainText('at least every 24 hours');
  await expect(policy).toContainText('Server-side calls only');
});

test('/admin/health: SSO cards, the drill, Re-detect providerId, status cards and the system overview', async ({
  page,
}) => {
  // The drill, every section, an axe pass over the whole page and two detail pages: past the default on a loaded machine.
  test.setTimeout(60_000);
  await page.goto('/admin/health');
  await expect(page.getByRole('heading', { level: 1, name: 'System Health' })).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('last_sso_path', '/auth/saml/okta_sso/start');
    localStorage.setItem('last_sso_time', '2026-11-02T09:30:00.000Z');
    localStorage.setItem('saml_provider_id', 'okta_sso');
  });
  await page.getByRole('button', { name: 'Refresh All' }).click();

  const lastSso = page.getByRole('region', { name: 'Last SSO' });
  await expect(row(lastSso, 'Path')).toHaveText('/auth/saml/okta_sso/start');
  await expect(row(lastSso, 'Time')).toContainText('2026');
  await expect(row(lastSso, 'Cached providerId')).toHaveText('okta_sso');
  await expect(lastSso.getByRole('button', { name: 'Go to Login' })).toBeVisible();
  await lastSso.getByRole('button', { name: 'Re-detect providerId' }).click();
  await expect(page.getByText('Next SSO will re-discover provider')).toBeVisible();
  await expect(row(lastSso, 'Cached providerId')).toHaveText('None recorded in this browser');
  expect(await page.evaluate(() => localStorage.getItem('saml_provider_id'))).toBeNull();

  // No provider is configured in demo mode: the drill says that is expected (no red FAIL), with the chain.
  const drill = page.getByRole('region', { name: 'SSO Drill' });
  await drill.getByLabel('Work e-mail').fill('nurse@hospital.example');
  await drill.getByRole('button', { name: 'Run Drill' }).click();
  await expect(drill.getByText('Not configured', { exact: true })).toBeVisible();
  await expect(drill.getByText('FAIL', { exact: true })).toHaveCount(0);
  await expect(drill.getByText('No SSO provider found — none is configured, as expected in demo mode.')).toBeVisible();
  await expect(drill.getByText('Fallback chain: domain → okta_sso → okta_tile')).toBeVisible();

  // With a provider matched by domain, PASS and the next fallbacks.
  await page.route('**/api/auth/sso/discover?*', (route) =>
    route.fulfill({
      json: { provider_id: 'hospital', matched_by: 'domain', chain: ['domain', 'okta_sso', 'okta_tile'] },
    }),
  );
  await drill.getByRole('button', { name: 'Run Drill' }).click();
  await expect(drill.getByText('PASS', { exact: true })).toBeVisible();
  await expect(drill.getByText('Provider hospital, matched by domain')).toBeVisible();
  await expect(drill.getByText('Next fallback: okta_sso → okta_tile')).toBeVisible();

  await page.route('**/api/auth/sso/discover?*', (route) => route.abort('connectionrefused'));
  await drill.getByRole('button', { name: 'Run Drill' }).click();
  await expect(page.getByText('SSO Drill Failed: Could not test discovery endpoint')).toBeVisible();

  const status = page.getByRole('region', { name: 'Status', exact: true });
  await expect(status.getByRole('region', { name: 'Auth / SSO' })).toContainText(
    'Signed in as admin@demo.supplyhub.test (admin)',
  );
  await expect(status.getByRole('region', { name: 'Auth / SSO' })).toContainText('0 SSO providers configured');
  await expect(status.getByRole('region', { name: 'Business Purchasing' }).getByText('Disabled')).toBeVisible();
  await expect(status.getByRole('region', { name: 'Product Advertising API' }).getByText('Disabled')).toBeVisible();
  const punchout = status.getByRole('region', { name: 'Punchout' });
  await expect(punchout.getByText('Configured', { exact: true })).toBeVisible();
  await expect(punchout).toContainText('Test mode · Shared secret: ••••••••');
  await expect(status.getByRole('region', { name: 'Marketplace Exposure' })).toContainText(
    'Image proxy answers not_configured',
  );

  const overview = page.getByRole('region', { name: 'System Overview' });
  await expect(row(overview, 'Version')).toHaveText(/^\d+\.\d+\.\d+/);
  await expect(row(overview, 'Demo mode')).toHaveText('On');
  await expect(row(overview, 'Database')).toHaveText('OK');
  await expect(overview.getByRole('table', { name: 'Last job runs' })).toContainText('catalog-bootstrap');

  await expectNoSeriousViolations(page);

  // The detail pages are linked from their cards.
  await status.getByRole('link', { name: 'Business Purchasing Health' }).click();
  await expect(page).toHaveURL(/\/admin\/ab-health$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Product Advertising API Health' }).click();
  await expect(page).toHaveURL(/\/admin\/paapi-health$/);
});

test('Run Checks applies the pass rules: discovery, delete endpoint, punchout exposure and the image proxy', async ({
  page,
  apiFailures,
}) => {
  // The delete endpoint is probed with an id that names no account: its 404 is the check passing.
  apiFailures.allow(/^\/api\/admin\/delete-user$/);
  await page.goto('/admin/health');
  const checks = page.getByRole('region', { name: 'Check Results' });
  await expect(checks.getByText('Not run yet: press Run Checks.')).toBeVisible();
  const probe = page.waitForRequest('**/api/admin/delete-user');
  await page.getByRole('button', { name: 'Run Checks' }).click();
  // The probe names a random id, never a real account.
  const body = (await probe).postDataJSON() as { userId: string };
  expect(body.userId).toMatch(/^[0-9a-f-]{36}$/);

  const check = (name: string) => checks.getByRole('listitem', { name });
  // A fresh demo has no SSO provider: said as expected, not a red FAIL; nothing else fails either.
  await expect(check('SSO Auto Discovery').getByText('Not configured', { exact: true })).toBeVisible();
  await expect(check('SSO Auto Discovery')).toContainText('No SSO provider is configured — expected in demo mode.');
  await expect(check('Delete Endpoint').getByText('PASS', { exact: true })).toBeVisible();
  await expect(check('Delete Endpoint')).toContainText('HTTP 404, application/json');
  await expect(check('Punchout Exposure').getByText('PASS', { exact: true })).toBeVisible();
  await expect(check('Punchout Exposure')).toContainText('The shared secret comes back masked (••••••••).');
  await expect(check('Proxy Status').getByText('PASS', { exact: true })).toBeVisible();
  await expect(checks.getByText('FAIL', { exact: true })).toHaveCount(0);

  // The other side of each rule.
  await page.route('**/api/auth/sso/providers', (route) =>
    route.fulfill({ json: { providers: [{ id: 'okta_sso', entity_id: 'http://idp.example/okta', domains: [] }] } }),
  );
  await page.route('**/api/admin/delete-user', (route) =>
    route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>error</h1>' }),
  );
  await page.route('**/api/admin/settings/punchout', (route) =>
    route.fulfill({
      json: {
        punchout_url: 'https://supplier.example/cxml',
        identity: 'X',
        shared_secret_masked: 'hunter2',
        test_mode: false,
      },
    }),
  );
  await page.route('**/api/amazon/images?*', (route) => route.fulfill({ json: { status: 'success', images: {} } }));
  await page.getByRole('button', { name: 'Run Checks' }).click();
  await expect(check('SSO Auto Discovery').getByText('PASS', { exact: true })).toBeVisible();
  await expect(check('Delete Endpoint').getByText('FAIL', { exact: true })).toBeVisible();
  await expect(check('Punchout Exposure').getByText('FAIL', { exact: true })).toBeVisible();
  await expect(check('Punchout Exposure')).toContainText('The shared secret comes back in clear.');
  await expect(check('Proxy Status').getByText('FAIL', { exact: true })).toBeVisible();

  // The business-purchasing proxy tests on the same page.
  const proxies = page.getByRole('region', { name: 'Business Purchasing Proxy Tests' });
  await proxies.getByRole('button', { name: 'Test Endpoints' }).click();
  await expect(
    proxies.getByRole('listitem', { name: 'Order endpoint (POST /api/ab/order)' }).getByText('PASS', { exact: true }),
  ).toBeVisible();
});

test('the menu leads admins to Health and the QA Runner', async ({ page }) => {
  await page.goto('/admin/orders');
  await page.getByRole('menuitem', { name: 'Health' }).click();
  await expect(page).toHaveURL(/\/admin\/health$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System Health' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'QA Runner' }).click();
  await expect(page).toHaveURL(/\/admin\/qa-runner$/);
  await expect(page.getByRole('heading', { level: 1, name: 'QA Runner' })).toBeVisible();
});

test('/admin/health says where mail goes and counts the mails that wait undelivered, never showing them', async ({
  page,
}) => {
  await page.goto('/admin/health');
  const mail = page.getByRole('region', { name: 'Mail' });
  // The e2e server runs in demo mode without SMTP.
  await expect(mail).toContainText('Demo mode: mail is not sent; it is shown in the demo mailbox at /demo/mailbox.');
  await expect(mail).toContainText(/\d+ mails? waits? undelivered\./);
  await expect(mail).not.toContainText(/token|https?:\/\//);
});
