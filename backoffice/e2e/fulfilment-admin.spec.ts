import type { APIRequestContext } from '@playwright/test';

import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { uniqueTag } from './support/backoffice.js';
import { openOrderCard, orderCard, orderOfNewDoctor } from './support/orders.js';

// Demo mode: the sandbox supplier confirms with a backorder and ships part of the order by itself
// (test-server.mjs: confirmation at once, ship notice after 5 s, every order backordered in part).
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 150_000 });

interface Fulfilment {
  fulfilment: { fulfilment_status: string | null; shipments: unknown[] };
  inbound_documents: { raw_document: string | null }[];
}

const fulfilmentOf = async (api: APIRequestContext, orderId: string) =>
  (await (await api.get(`/api/admin/orders/${orderId}/fulfilment`)).json()) as Fulfilment;

/**
 * The supplier changes the price of line 1 in a detail confirmation, sent as a supplier sends it: the
 * inbound credentials are set (the sandbox supplier signs with whatever is stored), the document
 * names the order by its number and the OrderRequest's payloadID (read from the sandbox's own documents).
 */
async function confirmPriceChange(api: APIRequestContext, order: { id: string; order_number: string }) {
  const settings = await (await api.get('/api/admin/settings/punchout')).json();
  const secret = `inbound-${uniqueTag('e2e')}-secret`;
  const saved = await api.put('/api/admin/settings/punchout', {
    data: {
      punchout_url: settings.punchout_url,
      test_punchout_url: settings.test_punchout_url ?? '',
      identity: settings.identity,
      test_mode: settings.test_mode,
      inbound_identity: settings.inbound_identity,
      inbound_shared_secret: secret,
    },
  });
  expect(saved.status()).toBe(200);
  const { inbound_documents: documents } = await fulfilmentOf(api, order.id);
  const orderPayloadId = /<DocumentReference payloadID="([^"]+)"/.exec(documents[0]?.raw_document ?? '')?.[1];
  expect(orderPayloadId).toBeTruthy();
  const now = new Date().toISOString();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/Fulfill.dtd">
<cXML payloadID="${uniqueTag('price-')}@supplier.test" timestamp="${now}" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>${settings.inbound_identity}</Identity></Credential></From>
    <To><Credential domain="NetworkID"><Identity>${settings.identity}</Identity></Credential></To>
    <Sender>
      <Credential domain="NetworkID"><Identity>${settings.inbound_identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential>
      <UserAgent>E2E supplier</UserAgent>
    </Sender>
  </Header>
  <Request>
    <ConfirmationRequest>
      <ConfirmationHeader type="detail" noticeDate="${now}"/>
      <OrderReference orderID="${order.order_number}"><DocumentReference payloadID="${orderPayloadId}"/></OrderReference>
      <ConfirmationItem quantity="4" lineNumber="1">
        <UnitOfMeasure>EA</UnitOfMeasure>
        <ConfirmationStatus quantity="4" type="detail">
          <UnitOfMeasure>EA</UnitOfMeasure>
          <UnitPrice><Money currency="USD">987.65</Money></UnitPrice>
        </ConfirmationStatus>
      </ConfirmationItem>
    </ConfirmationRequest>
  </Request>
</cXML>`;
  const answer = await api.post('/api/cxml/inbound', { headers: { 'Content-Type': 'text/xml' }, data: xml });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('an admin follows a sent order: dashboard counts, the fulfilment filter, the delivery with its tracking link and a price change to review, the supplier documents', async ({
  page,
  baseURL,
}) => {
  const { order } = await orderOfNewDoctor(baseURL ?? '', 'bofulfil', { withAddress: true, quantity: 4 });
  const adminCard = await openOrderCard(page, order);
  await adminCard.getByRole('button', { name: 'Approve & Order' }).click();
  await expect(page.getByText('Order Approved & Submitted')).toBeVisible();
  // The sandbox supplier confirms (2 backordered) and ships 2.
  await expect
    .poll(async () => (await fulfilmentOf(page.request, order.id)).fulfilment.fulfilment_status)
    .toBe('partially_shipped');

  // The dashboard counts what the API counts, and each count leads to its orders.
  await page.goto('/admin/dashboard');
  const backordered = page.getByRole('region', { name: 'Backordered lines' });
  const awaiting = page.getByRole('region', { name: 'Orders awaiting receipt' });
  await expect(async () => {
    const counts = await (await page.request.get('/api/admin/fulfilment-counts')).json();
    expect(counts.backordered_lines).toBeGreaterThanOrEqual(1);
    await expect(backordered.getByText(String(counts.backordered_lines), { exact: true })).toBeVisible({
      timeout: 1000,
    });
    await expect(awaiting.getByText(String(counts.awaiting_receipt), { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await backordered.getByRole('link', { name: 'View orders: Backordered lines' }).click();
  await expect(page.getByRole('combobox', { name: 'Fulfilment' })).toHaveText('With backordered lines');
  await expect(orderCard(page, order.order_number)).toBeVisible();
  await expect(orderCard(page, order.order_number).getByLabel('Fulfilment: Partly shipped')).toBeVisible();

  // The fulfilment filter of the list.
  const chooseFulfilment = async (option: string) => {
    await page.getByRole('combobox', { name: 'Fulfilment' }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await chooseFulfilment('Received');
  await expect(orderCard(page, order.order_number)).toHaveCount(0);
  await chooseFulfilment('Partly shipped');
  await expect(orderCard(page, order.order_number)).toBeVisible();
  await chooseFulfilment('Awaiting receipt');
  await expect(orderCard(page, order.order_number)).toBeVisible();

  // The supplier changes line 1's price: flagged for review, never applied silently.
  await confirmPriceChange(page.request, order);
  await page.reload();
  const card = orderCard(page, order.order_number);
  await card.getByRole('button', { name: 'Delivery', exact: true }).click();
  const delivery = card.getByRole('region', { name: 'Delivery', exact: true });
  const tracking = delivery.getByRole('link', { name: 'Track shipment' });
  await expect(tracking).toHaveAttribute('href', /^https:\/\/www\.ups\.com\/track\?tracknum=1Z[0-9A-F]{16}$/);
  await expect(delivery.getByText(/^UPS 1Z[0-9A-F]{16}/)).toBeVisible();
  await expect(delivery.getByText(/^Line 1: 2 · lot .+ · expires [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  const lines = delivery.getByRole('table', { name: 'Lines' });
  await expect(lines.getByText('Needs review')).toBeVisible();
  const review = delivery.getByRole('status').filter({ hasText: 'Line 1 needs review' });
  await expect(review.getByText(/^Unit price: \$[\d,.]+ → \$987\.65$/)).toBeVisible();

  const timeline = delivery.getByRole('list', { name: 'Order timeline' });
  for (const step of ['Ordered', 'Approved', 'Sent to the supplier', 'Backordered by the supplier', 'Shipped']) {
    await expect(timeline.getByText(step, { exact: true }).first()).toBeVisible();
  }
  const documents = delivery.getByRole('list', { name: 'Supplier documents received for this order' });
  await expect(documents.getByText('ShipNoticeRequest', { exact: true })).toBeVisible();
  await expect(documents.getByText('ConfirmationRequest', { exact: true })).toHaveCount(2);
  await documents.getByText('View document').first().click();
  await expect(documents.getByText(/<SharedSecret>\[redacted\]<\/SharedSecret>/).first()).toBeVisible();

  // The integration health: the inbound log beside the outbound one.
  await page.getByRole('button', { name: /^Supplier Documents/ }).click();
  const log = page.getByRole('list', { name: 'Supplier Documents', exact: true });
  await expect(log.getByText(`Order ${order.order_number}`).first()).toBeVisible();
  await expect(log.getByText('200 OK').first()).toBeVisible();
});
