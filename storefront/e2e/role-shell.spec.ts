import { expect, test } from '../../scripts/e2e/portal-test.js';
import { PHONE_SCREEN } from './support/phone-screen.js';
import { DEMO, signInAs } from './support/portal.js';

/** decisions.md: a screen never offers an action its role cannot finish, and says who is signed in. */

test.describe('on a 390 × 844 phone', () => {
  test.use(PHONE_SCREEN);

  test('the navigation names who is signed in, and a nurse follows her orders from it', async ({ page }) => {
    await signInAs(page, DEMO.nurse);
    await page.goto('/catalog');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const identity = page.getByRole('group', { name: 'Signed in as' });
    await expect(identity).toContainText('Nora Lindqvist · Nurse');
    await expect(identity).toContainText(DEMO.nurse);
    await page.getByRole('link', { name: 'Standing orders' }).click();
    await expect(page).toHaveURL(/\/standing-orders$/);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an admin’s header leads back to the back office’s dashboard', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await page.goto('/catalog');
    const backOffice = page.getByRole('banner').getByRole('link', { name: 'Back office' });
    await expect(backOffice).toHaveAttribute('href', '/admin/dashboard');
    await backOffice.click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('finance is offered no Add to Cart on the catalogue, and its header leads to Reports', async ({ page }) => {
    await signInAs(page, DEMO.finance);
    await page.goto('/catalog');
    await expect(page.locator('a[href^="/product/"]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'href',
      '/admin/reports',
    );
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the user menu names who is signed in and their role', async ({ page }) => {
    await signInAs(page, DEMO.doctor);
    await page.goto('/catalog');
    await page.getByRole('button', { name: DEMO.doctor }).click();
    await expect(page.getByRole('menu')).toContainText('Daniel Okafor · Doctor');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  });

  test('the profile page shows the approval policy, as Settings does', async ({ page }) => {
    await signInAs(page, DEMO.nurse);
    const policy = (await (await page.request.get('/api/approval-policy')).json()) as {
      auto_approve_enabled: boolean;
      auto_approve_under_amount: string;
    };
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const expected = policy.auto_approve_enabled
      ? `Orders under $${Number(policy.auto_approve_under_amount).toFixed(2)} are approved automatically`
      : "Auto-approve is off: every order waits for an administrator's approval.";
    await expect(page.getByText('Approval policy:')).toBeVisible();
    await expect(page.getByText(expected)).toBeVisible();
  });

  test('a nurse’s catalogue offers no Add to Cart (she may not submit a cart); a doctor’s does', async ({ page }) => {
    await signInAs(page, DEMO.nurse);
    await page.goto('/catalog');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    await expect(page.locator('a[href^="/product/"]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await signInAs(page, DEMO.doctor);
    await page.goto('/catalog');
    await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
  });
});
