import { expect, test } from '../../scripts/e2e/portal-test.js';
import { approveAsAdmin, askToSignUp, currentUserId, SIGN_UP_CHECK_EMAIL } from './support/portal.js';

const SIGN_UP_SUBJECT = 'Finish creating your Supply Hub account';

function newAddress(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

test('a newcomer to the demo signs up, reads the mail in the demo mailbox, completes onboarding and is approved', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = newAddress('newcomer');
  await askToSignUp(page, email, { first: 'Sam', last: 'Okafor' });

  // The demo sends no mail: the message leads to where the mail can be read.
  await page.getByRole('link', { name: 'Open the demo mailbox' }).click();
  await expect(page).toHaveURL(/\/demo\/mailbox\?to=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  const mail = page.getByRole('article', { name: SIGN_UP_SUBJECT });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(`To ${email}`);
  await expect(mail).toContainText('To create your account, open this link within 24 hours');
  await mail.getByRole('link', { name: 'Open /confirm-sign-up' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await expect(page.getByLabel('Your account email (read-only)')).toHaveValue(email);
  await page.getByLabel('First Name').fill('Sam');
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByText('Waiting for admin approval')).toBeVisible();

  await approveAsAdmin(baseURL ?? '', await currentUserId(page));
  await expect(page).toHaveURL(/\/catalog$/, { timeout: 12_000 });
  await expect(page.getByText(email)).toBeVisible();
});

test('the password-reset message leads to the demo mailbox too, and each mailbox shows only its address', async ({
  page,
}) => {
  const email = newAddress('forgetful');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('link', { name: 'Open the demo mailbox' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText(`To ${email}`);

  // Another address: that one's mail only.
  const other = newAddress('other');
  await page.getByLabel('E-mail address').fill(other);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`to=${encodeURIComponent(other)}`));
  await expect(page.getByText(`No mail to ${other} yet.`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('outside demo mode the message does not offer the demo mailbox', async ({ page }) => {
  // As a server outside demo mode answers /api/health (the server itself answers 404 to the mailbox: jest).
  await page.route('**/api/health', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), demo_mode: false } });
  });
  // Outside demo mode the message adds nothing to wait for. What shows it has had its answer: the
  // page's own code has read the health answer's body (counted in the page as the app reads it).
  await page.addInitScript(() => {
    const readText = Response.prototype.text;
    const counted = window as unknown as { healthAnswersRead?: number };
    Response.prototype.text = async function readAndCount(this: Response) {
      const body = await readText.call(this);
      if (/^[^?#]*\/api\/health([?#]|$)/.test(this.url))
        counted.healthAnswersRead = (counted.healthAnswersRead ?? 0) + 1;
      return body;
    };
  });
  const healthAnswersRead = () =>
    page.evaluate(() => (window as unknown as { healthAnswersRead?: number }).healthAnswersRead ?? 0);
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First Name').fill('Sam');
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByLabel('Email').fill(newAddress('elsewhere'));
  await page.getByLabel('Password').fill('Quiet-Harbor-2026!');
  // The first health read after the sign-up is the message's own question: demo mode or not.
  const readBefore = await healthAnswersRead();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(SIGN_UP_CHECK_EMAIL)).toBeVisible();
  await expect.poll(healthAnswersRead).toBeGreaterThan(readBefore);
  // The answer is read and handed on; what it changes is drawn once the page has painted twice since.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await expect(page.getByText('This is a demo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open the demo mailbox' })).toHaveCount(0);
});
