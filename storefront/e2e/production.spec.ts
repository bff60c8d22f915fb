import { AxeBuilder } from '@axe-core/playwright';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, signInAs } from './support/portal.js';

test('a doctor on /production sees Access Denied, and so does a visitor who is not signed in', async ({ page }) => {
  await signInAs(page, DEMO.doctor);
  await page.goto('/production');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Admin privileges required to access production settings.')).toBeVisible();
  await expect(page.getByText('Readiness Checklist')).toHaveCount(0);

  // No route guard: signed out, the page itself refuses (no redirect to /login).
  await page.context().clearCookies();
  await page.goto('/production');
  await expect(page).toHaveURL(/\/production$/);
  await expect(page.getByText('Admin privileges required to access production settings.')).toBeVisible();
});

test('an admin sees the validator toggle, the readiness checklist, the environment and the quick actions', async ({
  page,
}) => {
  await signInAs(page, DEMO.admin);
  await page.goto('/production');
  await expect(page.getByRole('heading', { level: 1, name: 'Production Settings' })).toBeVisible();

  // The validator setting is fixed at build time: toggling it reports the failure and changes nothing.
  const validator = page.getByRole('region', { name: 'Auth Validator' });
  await expect(validator).toContainText('VITE_SHOW_AUTH_VALIDATOR');
  await expect(validator).toContainText('redeploy');
  const toggle = validator.getByRole('switch', { name: 'Show the auth validator in production' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('Update Failed')).toBeVisible();
  await expect(page.getByText('Could not update validator setting.')).toBeVisible();
  await expect(toggle).not.toBeChecked();

  // The e2e server runs in demo mode without enforced admin MFA; its punchout points at the sandbox.
  const checklist = page.getByRole('region', { name: 'Readiness Checklist' });
  const item = (name: string) => checklist.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(item('Database').getByText('PASS', { exact: true })).toBeVisible();
  await expect(item('Demo mode off').getByText('FAIL', { exact: true })).toBeVisible();
  // In demo mode mail goes to the demo mailbox, not to people: not ready for production.
  await expect(item('Mail delivered').getByText('FAIL', { exact: true })).toBeVisible();
  await expect(item('Mail delivered')).toContainText('/demo/mailbox');
  await expect(item('MFA for admins').getByText('FAIL', { exact: true })).toBeVisible();
  await expect(item('Punchout configured').getByText('PASS', { exact: true })).toBeVisible();

  const environment = page.getByRole('region', { name: 'Environment' });
  await expect(environment).toContainText(/Version: \d+\.\d+\.\d+/);
  await expect(environment).toContainText('Demo mode: On');

  const actions = page.getByRole('region', { name: 'Quick Actions' });
  await expect(actions.getByRole('link', { name: 'Manage User Roles' })).toHaveAttribute('href', '/admin/users');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  );

  await actions.getByRole('link', { name: 'Run Auth Validation' }).click();
  await expect(page).toHaveURL(/\/sso-doctor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'SSO Doctor' })).toBeVisible();
});

test('the production page leads back to the back office', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto('/production');
  await expect(page.getByRole('heading', { level: 1, name: 'Production Settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the back office' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
