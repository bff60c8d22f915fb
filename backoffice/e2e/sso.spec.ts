import { createTestIdp, readAuthnRequest } from '../../api/src/test-support/saml-test-idp.js';
import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { signInAsAdmin, uniqueTag } from './support/backoffice.js';

// The back office's screens load lazily; on a shared machine the first paint takes a while.
const expect = baseExpect.configure({ timeout: 15_000 });

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

test('an admin sets up a SAML provider from its metadata, maps a group, and sees a test sign-in’s answer', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const id = uniqueTag('idp').toLowerCase().slice(0, 30);
  const idp = createTestIdp(id);
  const email = `${id}@${id}.example`;

  // The IdP's sign-in page: it answers the AuthnRequest with a signed response posted back to the portal.
  await page.route(`${idp.entryPoint}**`, async (route) => {
    const authnRequest = readAuthnRequest(route.request().url());
    const acsUrl = authnRequest.acsUrl ?? '';
    const samlResponse = idp.buildResponse({
      acsUrl,
      audience: authnRequest.issuer ?? '',
      inResponseTo: authnRequest.id,
      nameId: email,
      attributes: { email, givenName: 'Ada', groups: ['Physicians', 'Night shift'] },
    });
    // Posted to the address the browser knows the portal by; the response names the portal's own ACS URL.
    const postTo = `${baseURL}${new URL(acsUrl).pathname}`;
    await route.fulfill({
      contentType: 'text/html',
      body:
        `<form method="post" action="${escapeHtml(postTo)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}">` +
        `<button type="submit">Continue</button></form><script>document.forms[0].submit()</script>`,
    });
  });

  await page.goto('/admin/sso');
  await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Add Provider' }).click();
  await page.getByLabel('Import from File').setInputFiles({
    name: 'metadata.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(idp.buildMetadataXml()),
  });
  await expect(page.getByText('Metadata read: check the fields below, then save.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'IdP entity ID (issuer)' })).toHaveValue(idp.entityId);
  await expect(page.getByRole('textbox', { name: 'IdP single sign-on URL' })).toHaveValue(idp.entryPoint);
  await expect(page.getByText(/Subject: CN=Supply Hub test IdP/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Provider id' }).fill(id);
  await page.getByRole('textbox', { name: 'Display name' }).fill('Test clinic IdP');
  await page.getByRole('textbox', { name: 'E-mail domains' }).fill(`${id}.example`);
  await page.getByRole('button', { name: 'Add Role Rule' }).click();
  await page.getByRole('textbox', { name: 'Group value' }).fill('Physicians');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Doctor' }).click();
  await page.getByRole('button', { name: 'Save Provider' }).click();

  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: id, exact: true }) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'SP metadata URL' })).toHaveValue(
    new RegExp(`/api/auth/saml/${id}/metadata$`),
  );
  await expect(page.getByRole('button', { name: 'Copy SP metadata URL' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Group value' })).toHaveValue('Physicians');

  await page.getByRole('button', { name: 'Test Sign-in' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/sso\\?provider=${id}&test=`), { timeout: 30_000 });
  const result = page.getByRole('region', { name: 'Test sign-in result' });
  await expect(result.getByRole('row', { name: `NameID ${email}` })).toBeVisible();
  await expect(result.getByRole('row', { name: 'Role for a new user doctor' })).toBeVisible();
  await expect(result.getByRole('row', { name: 'givenName Ada' })).toBeVisible();
  await expect(result.getByRole('row', { name: 'groups Physicians, Night shift' })).toBeVisible();

  // Nobody was signed in: the browser's session is still the admin's.
  const session = await page.request.get('/api/auth/session');
  expect(((await session.json()) as { user: { email: string } }).user.email).not.toBe(email);
});
