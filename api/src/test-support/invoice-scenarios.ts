import { randomUUID } from 'node:crypto';

import { expect } from '@jest/globals';

import {
  buildInvoiceDetailRequestXml,
  type InvoiceDetailInput,
} from '../modules/supplier/cxml/cxml-invoice-documents.js';
import { parseCxmlResponse } from '../modules/supplier/cxml/cxml-response.js';
import type { SentOrder, useFulfilmentTestbed } from './fulfilment-testbed.js';
import { signedInAgent } from './http-test-app.js';

type Testbed = ReturnType<typeof useFulfilmentTestbed>;

/** The moment the supplier's invoices are dated and sent in the invoice tests. */
export const INVOICE_NOW = new Date('2026-11-27T10:00:00Z');

/**
 * Invoices sent the way a supplier sends them (InvoiceDetailRequest to /api/cxml/inbound), orders
 * received the way a ward receives them, and finance signed in: for the invoice tests.
 */
export function invoiceScenarios(testbed: Testbed) {
  const db = () => testbed.database.db;

  /** An invoice of lines 1 (10 × $5.00) and 2 (4 × $5.00) with $5.60 tax, unless told otherwise. */
  function invoiceXml(order: SentOrder, input: Partial<InvoiceDetailInput> = {}, payloadId?: string): string {
    return buildInvoiceDetailRequestXml(testbed.supplierHeader(INVOICE_NOW, payloadId ? { payloadId } : {}), {
      invoiceId: `INV-${randomUUID().slice(0, 8)}`,
      invoiceDate: INVOICE_NOW,
      order: { orderId: order.order_number, payloadId: order.payload_id },
      items: [
        { invoiceLineNumber: 1, lineNumber: 1, quantity: 10, unitPrice: '5.00' },
        { invoiceLineNumber: 2, lineNumber: 2, quantity: 4, unitPrice: '5.00' },
      ],
      tax: '5.60',
      ...input,
    });
  }

  /** Posts a document; the cXML answer's code (the HTTP status mirrors it) and message. */
  async function post(xml: string) {
    const response = await testbed.postDocument(xml);
    expect(response.headers['content-type']).toMatch(/^text\/xml/);
    const answer = parseCxmlResponse(response.text);
    expect(response.status).toBe(answer.statusCode);
    return { code: answer.statusCode, message: answer.message ?? '' };
  }

  /** An order the sandbox accepted and the ward received (by its requester), all of it unless told. */
  async function receivedOrder(quantities = [10, 4], receivedQuantities = quantities): Promise<SentOrder> {
    const order = await testbed.sentOrder(quantities);
    await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: receivedQuantities.map((quantity, index) => ({ line_number: index + 1, quantity })) })
      .expect(201);
    return order;
  }

  const invoicesOf = (order: SentOrder) =>
    db()('invoices')
      .where({ order_id: order.id })
      .orderBy([{ column: 'received_at' }, { column: 'id' }])
      .select('id', 'status', 'invoice_id', 'purpose');

  async function financeAgent() {
    return (await signedInAgent(testbed.app, db(), ['finance'])).agent;
  }

  return { invoiceXml, post, receivedOrder, invoicesOf, financeAgent };
}
