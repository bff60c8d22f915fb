import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoSeriousViolations, signInAsAdmin } from './support/backoffice.js';
import { NEW_USER_PASSWORD, openOrderCard, orderOfNewDoctor, signInPageAs } from './support/orders.js';

// Demo mode: the punchout settings point at the local sandbox supplier, so approvals really submit cXML.
// A submission and the re-read of 50 order cards can take seconds on a busy machine: generous waits.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 60_000 });

test('a doctor orders, the admin approves it, and both the back office and the doctor see it submitted', async ({
  page,
  baseURL,
}) => {
  const { doctor, order } = await orderOfNewDoctor(baseURL ?? '', 'appr', { withAddress: true, quantity: 3 });

  const card = await openOrderCard(page, order);
  await expect(card.getByText('Ship to: Springfield, IL 62701')).toBeVisible();
  await card.getByRole('button', { name: 'Approve & Order' }).click();

  await expect(page.getByText('Order Approved & Submitted')).toBeVisible();
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Approve & Order' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);

  const result = card.getByRole('region', { name: 'Submission result' });
  await expect(result).toContainText('Submitted to the supplier (HTTP 200)');
  await result.getByRole('button', { name: 'View Details' }).click();
  await expect(result.getByText(`${doctor.name}, Springfield, IL 62701`)).toBeVisible();
  await expect(result).toContainText('/sandbox/supplier/cxml');
  await expect(result).toContainText('<Status code="200"');
  await result.getByRole('button', { name: 'Hide Details' }).click();

  // The integration log has the submission, in test mode, with the secret redacted from the request.
  await page.getByRole('button', { name: /^Integration Log/ }).click();
  const entry = page
    .getByRole('list', { name: 'Integration Log' })
    .getByRole('listitem')
    .filter({ hasText: `Order ${order.order_number}` });
  await expect(entry).toContainText('TEST');
  await expect(entry).toContainText('Success');
  await expect(entry).toContainText('HTTP 200');
  await expect(entry).toContainText(/\d+ ms/);
  await entry.getByText('Request XML and response').click();
  await expect(entry.getByText(/<SharedSecret>\[redacted\]<\/SharedSecret>/)).toBeVisible();
  await expect(entry.getByText(`<SupplierPartID>${order.asin}</SupplierPartID>`, { exact: false })).toBeVisible();
  await result.getByRole('button', { name: 'View Details' }).click();
  await expectNoSeriousViolations(page);

  // The doctor's own orders page in the storefront.
  await signInPageAs(page, doctor.email, NEW_USER_PASSWORD);
  await page.goto('/orders');
  const ownCard = page.getByRole('article', { name: order.order_number });
  await expect(ownCard.getByText('Submitted', { exact: true })).toBeVisible();
});

test('a requester without an address: Approve & Order waits for the address, then submits', async ({
  page,
  baseURL,
}) => {
  const { order } = await orderOfNewDoctor(baseURL ?? '', 'noaddr', { withAddress: false, quantity: 1 });

  const card = await openOrderCard(page, order);
  await expect(card.getByText('No address')).toBeVisible();
  const approve = card.getByRole('button', { name: 'Approve & Order' });
  await expect(approve).toBeDisabled();
  await expect(card.getByText('Add a shipping address for the requester before approving.')).toBeVisible();

  await card.getByRole('button', { name: 'Add Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shipping Address' });
  await dialog.getByLabel('Street').fill('12 Elm Street');
  await dialog.getByLabel('City').fill('Portland');
  await dialog.getByLabel('State').click();
  await page.getByRole('option', { name: 'Oregon (OR)' }).click();
  await dialog.getByLabel('Postal Code').fill('97201');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Shipping address saved')).toBeVisible();
  await expect(card.getByText('Ship to: Portland, OR 97201')).toBeVisible();

  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(page.getByText('Order Approved & Submitted')).toBeVisible();
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
});

test('when the server finds no ship-to address, the add-address dialog opens and nothing is submitted', async ({
  page,
  baseURL,
}) => {
  const { doctor, order } = await orderOfNewDoctor(baseURL ?? '', 'shipto', { withAddress: false, quantity: 1 });

  // The list claims an address (as if it had just been removed elsewhere); the server knows better.
  await page.route('**/api/admin/orders?*', async (route) => {
    const response = await route.fetch();
    const rows = (await response.json()) as { id: string; ship_to_status: unknown }[];
    const patched = rows.map((row) =>
      row.id === order.id
        ? { ...row, ship_to_status: { city: 'Nowhere', state: 'NV', postal_code: '89001', full_name: doctor.name } }
        : row,
    );
    await route.fulfill({ response, json: patched });
  });
  const card = await openOrderCard(page, order);
  await card.getByRole('button', { name: 'Approve & Order' }).click();

  const dialog = page.getByRole('dialog', { name: 'Shipping Address' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toHaveValue(doctor.name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('region', { name: 'Submission result' })).toContainText(
    'Submission failed at the ship-to address stage',
  );
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();

  const stored = await page.request.get(`/api/admin/orders/${order.id}`);
  expect(await stored.json()).toMatchObject({ status: 'pending' });
});

test('a supplier rejection shows Submission Failed with the HTTP status, and Retry Submission on the failed order', async ({
  page,
  baseURL,
}) => {
  // Quantity 9002 makes the sandbox supplier answer HTTP 200 with a cXML 400 status.
  const { order } = await orderOfNewDoctor(baseURL ?? '', 'fail', { withAddress: true, quantity: 9002 });

  const card = await openOrderCard(page, order);
  await card.getByRole('button', { name: 'Approve & Order' }).click();

  await expect(
    page.getByText('Submission Failed: HTTP 200 - cXML 400 Bad Request: Simulated rejection.'),
  ).toBeVisible();
  await expect(card.getByText('Failed', { exact: true })).toBeVisible();
  await expect(card.getByText('Error: cXML 400 Bad Request: Simulated rejection.')).toBeVisible();
  const result = card.getByRole('region', { name: 'Submission result' });
  await expect(result).toContainText('Submission failed at the supplier response stage');
  await result.getByRole('button', { name: 'View Details' }).click();
  await expect(result).toContainText('<Status code="400" text="Bad Request"');

  const retry = card.getByRole('button', { name: 'Retry Submission' });
  await expect(retry).toBeEnabled();
  await retry.click();
  await expect(
    page.getByText('Submission Failed: HTTP 200 - cXML 400 Bad Request: Simulated rejection.'),
  ).toBeVisible();
  await expect(card.getByText('Failed', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: /^Integration Log/ }).click();
  const entries = page
    .getByRole('list', { name: 'Integration Log' })
    .getByRole('listitem')
    .filter({ hasText: `Order ${order.order_number}` });
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Failed');
  await expect(entries.first()).toContainText('cXML 400 Bad Request: Simulated rejection.');
});

test('refused approvals show Admin Access Required, Validation failed, or Error: Failed to approve order', async ({
  page,
  baseURL,
}) => {
  const { order } = await orderOfNewDoctor(baseURL ?? '', 'refuse', { withAddress: true, quantity: 1 });
  const answers = [
    {
      status: 403,
      json: { code: 'FORBIDDEN', message: 'Admin Access Required: Only administrators can approve orders.' },
      toast: 'Admin Access Required: Only administrators can approve orders.',
    },
    {
      status: 409,
      json: { code: 'ORDER_SUBMISSION_IN_PROGRESS', message: 'Another administrator is submitting this order.' },
      toast: 'Validation failed',
    },
    {
      status: 500,
      json: { code: 'INTERNAL_ERROR', message: 'Something went wrong' },
      toast: 'Error: Failed to approve order',
    },
  ];
  let next = 0;
  await page.route(`**/api/admin/orders/${order.id}/approve`, (route) => {
    const answer = answers[next++] ?? answers[2];
    return route.fulfill({ status: answer?.status, json: answer?.json });
  });
  const card = await openOrderCard(page, order);
  for (const answer of answers) {
    await card.getByRole('button', { name: 'Approve & Order' }).click();
    await expect(page.getByText(answer.toast, { exact: true })).toBeVisible();
    await expect(page.getByText(answer.toast, { exact: true })).toBeHidden({ timeout: 10_000 });
  }
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
});

test('the integration health panel tests the business-purchasing endpoints and reports a failed status check', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/orders');
  await page.getByRole('button', { name: 'Integration Health' }).click();
  const panel = page.getByRole('region', { name: 'Integration Health' });
  await expect(panel.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(panel.getByText('An endpoint passes when it answers not_configured or success.')).toBeVisible();

  await panel.getByRole('button', { name: 'Run Tests' }).click();
  await expect(page.getByText('AB Tests Complete')).toBeVisible();
  await expect(page.getByText('Products: PASS · Order: PASS')).toBeVisible();
  const products = panel.getByRole('listitem', { name: 'Products endpoint (GET /api/ab/products)' });
  await expect(products.getByText('PASS', { exact: true })).toBeVisible();
  await expect(products).toContainText('status: not_configured');
  await expect(
    panel.getByRole('listitem', { name: 'Order endpoint (POST /api/ab/order)' }).getByText('PASS', { exact: true }),
  ).toBeVisible();

  // Unreachable endpoints: AB Tests Failed.
  await page.route('**/api/ab/**', (route) => route.abort('connectionrefused'));
  await panel.getByRole('button', { name: 'Run Tests' }).click();
  await expect(page.getByText('AB Tests Failed')).toBeVisible();
  await expect(products.getByText('FAIL', { exact: true })).toBeVisible();

  // The status check itself failing: a toast, and the rest of the page still works.
  await page.route('**/api/admin/integrations/status', (route) =>
    route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'boom' } }),
  );
  await page.reload();
  await page.getByRole('button', { name: 'Integration Health' }).click();
  await expect(page.getByText('Status Check Failed')).toBeVisible();
  await expect(page.getByText('Could not check Amazon Business integration status')).toBeVisible();
});

test('the integration self-test sends a ProfileRequest to the sandbox supplier and shows the hint by HTTP status', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/orders');
  await page.getByRole('button', { name: 'Integration Health' }).click();
  const panel = page.getByRole('region', { name: 'Integration Health' });
  const run = panel.getByRole('button', { name: 'Run Self-Test' });
  const result = panel.getByRole('region', { name: 'Self-test result' });

  // The demo's punchout settings point at the sandbox supplier: a real round trip in test mode.
  await run.click();
  await expect(result.getByText('Success', { exact: true })).toBeVisible();
  await expect(result).toContainText('The supplier answered the ProfileRequest: 200 OK');
  await expect(result).toContainText('/sandbox/supplier/cxml');
  await expect(result).toContainText('TEST');
  await result.getByText('Response preview').click();
  await expect(result).toContainText('<ProfileResponse');

  // The run is in the integration log, with no order.
  await page.getByRole('button', { name: /^Integration Log/ }).click();
  const entry = page.getByRole('list', { name: 'Integration Log' }).getByRole('listitem').first();
  await expect(entry).toContainText('Self-test');
  await expect(entry).toContainText('HTTP 200');

  // The sandbox told to fail the next request: HTTP 500, Server Error.
  expect((await page.request.post('/sandbox/supplier/control', { data: { failNext: 'http500' } })).status()).toBe(200);
  await run.click();
  await expect(result.getByText('Server Error', { exact: true })).toBeVisible();
  await expect(result).toContainText('cXML 500 Internal Server Error: Simulated supplier failure.');

  // A supplier refusing the credentials (the demo's own secret cannot be wrong, so the answer is staged).
  await page.route('**/api/admin/integrations/self-test', (route) =>
    route.fulfill({
      json: {
        success: false,
        httpStatus: 401,
        status: 401,
        testMode: true,
        targetUrl: 'https://punchout.example/cxml',
        error: 'cXML 401 Unauthorized: The Sender credentials do not match the punchout settings.',
        diagnostics: {
          stage: 'response',
          request: 'ProfileRequest',
          latencyMs: 12,
          payloadId: 'p@x',
          cxmlStatusText: 'Unauthorized',
        },
        message: 'cXML 401 Unauthorized: The Sender credentials do not match the punchout settings.',
        responseHeaders: {},
        responsePreview: null,
      },
    }),
  );
  await run.click();
  await expect(result.getByText('Authentication Issue', { exact: true })).toBeVisible();
  await expect(result).toContainText('The Sender credentials do not match the punchout settings.');

  // The self-test call itself failing without a message of its own.
  await page.unroute('**/api/admin/integrations/self-test');
  await page.route('**/api/admin/integrations/self-test', (route) => route.fulfill({ status: 404, body: '' }));
  await run.click();
  await expect(result.getByText('Wrong Endpoint', { exact: true })).toBeVisible();
  await expect(result).toContainText('Edge Function returned a non-2xx status code');
  await expectNoSeriousViolations(page);
});
