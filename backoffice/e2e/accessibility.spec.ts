import { expect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoSeriousViolations, signInAsAdmin } from './support/backoffice.js';

const SCREENS = [
  { path: '/admin/orders', heading: 'Orders' },
  { path: '/admin/catalog', heading: 'Catalog' },
  { path: '/admin/users', heading: 'Users & Roles' },
  { path: '/admin/settings', heading: 'Settings' },
  { path: '/admin/catalog-audit', heading: 'Catalog Audit' },
  { path: '/admin/health', heading: 'System Health' },
  { path: '/admin/ab-health', heading: 'Business Purchasing Health' },
  { path: '/admin/paapi-health', heading: 'Product Advertising API Health' },
  { path: '/admin/qa-runner', heading: 'QA Runner' },
  { path: '/admin/reports?tab=budget_vs_actual', heading: 'Reports' },
];

for (const screen of SCREENS) {
  test(`${screen.path} has no serious or critical accessibility violation`, async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
}
