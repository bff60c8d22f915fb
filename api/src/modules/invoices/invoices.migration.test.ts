import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import * as guardInvoicePayments from '../../../../migrations/20261128001000_guard_invoice_payments.js';
import { createIsolatedDatabase } from '../../test-support/test-context.js';

type IsolatedDatabase = Awaited<ReturnType<typeof createIsolatedDatabase>>;

/** Invoice numbers stored twice before they were unique per supplier: one stays, the others are withdrawn. */
describe('the migration that makes invoice numbers unique per supplier', () => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
    await guardInvoicePayments.down(database.db);
  });
  afterAll(() => database.drop());

  it('keeps the invoice already ready to pay (else the earliest) of each number and withdraws the others', async () => {
    const db = database.db;
    const [user] = await db('users').insert({ email: 'invoice-migration@test.supplyhub.test' }).returning('id');
    const [order] = await db('orders').insert({ user_id: user.id, user_email: 'x@y.z' }).returning('id');
    const [document] = await db('inbound_documents')
      .insert({ order_id: order.id, status_code: 200, status_text: 'OK', payload_id: 'migration@test' })
      .returning('id');
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
    const decided = { decided_at: at(50), decided_by_label: 'finance@test', decision_note: 'Fine' };
    const invoice = (invoiceId: string, minute: number, status: string, extra: object = {}) => ({
      id: randomUUID(),
      order_id: order.id,
      inbound_document_id: document.id,
      payload_id: `${invoiceId}-${minute}@supplier.test`,
      supplier_identity: 'ACME',
      invoice_id: invoiceId,
      invoice_date: at(0),
      currency: 'USD',
      subtotal_amount: '10.00',
      tax_amount: '0.00',
      net_amount: '10.00',
      price_tolerance_percent: 2,
      status,
      received_at: at(minute),
      ...extra,
    });
    const rows = [
      invoice('INV-1', 1, 'exception'),
      invoice('INV-1', 2, 'accepted', decided),
      invoice('INV-1', 3, 'matched'),
      invoice('INV-2', 1, 'disputed', decided),
      invoice('INV-2', 2, 'exception'),
      invoice('INV-3', 1, 'exception'),
      invoice('INV-3', 2, 'exception'),
      { ...invoice('INV-3', 3, 'matched'), supplier_identity: 'OTHER' },
    ];
    await db('invoices').insert(rows);

    await db.transaction((trx) => guardInvoicePayments.up(trx));

    const after = await db('invoices')
      .orderBy([{ column: 'supplier_identity' }, { column: 'invoice_id' }, { column: 'received_at' }])
      .select('invoice_id', 'supplier_identity', 'status', 'decided_at', 'reasons');
    expect(after.map((row) => [row.supplier_identity, row.invoice_id, row.status])).toEqual([
      ['ACME', 'INV-1', 'withdrawn'],
      ['ACME', 'INV-1', 'accepted'],
      ['ACME', 'INV-1', 'withdrawn'],
      ['ACME', 'INV-2', 'disputed'],
      ['ACME', 'INV-2', 'exception'],
      ['ACME', 'INV-3', 'exception'],
      ['ACME', 'INV-3', 'withdrawn'],
      ['OTHER', 'INV-3', 'matched'],
    ]);
    expect(after[0].reasons).toEqual([
      'Withdrawn: invoice INV-1 of this supplier received on 2026-11-27 (payloadID INV-1-2@supplier.test) stays in force; an invoice number is paid once',
    ]);
    await expect(db('invoices').insert(invoice('INV-1', 9, 'exception'))).rejects.toMatchObject({
      code: '23505',
      constraint: 'invoices_supplier_invoice_in_force_unique',
    });
  });
});
