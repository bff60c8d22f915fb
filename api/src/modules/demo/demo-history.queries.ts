import { createHash } from 'node:crypto';

import type { Db } from '../../database/connection.js';

/**
 * A supplier's documents and the ward's receipts written as if they had arrived at `at`: the demo's
 * history of months past (and hand-built report tests). Each document is logged as an applied
 * inbound document, as one the inbound endpoint took; nothing here goes through the cXML reader,
 * so nothing here is sent or mailed.
 */

async function insertAppliedDocument(db: Db, orderId: string, type: string, key: string, at: Date): Promise<string> {
  const payloadId = `${key}@history.supplyhub.invalid`;
  const [row] = await db('inbound_documents')
    .insert({
      payload_id: payloadId,
      document_hash: createHash('sha256').update(payloadId).digest('hex'),
      document_type: type,
      order_id: orderId,
      status_code: 200,
      status_text: 'OK',
      message: 'Applied',
      is_applied: true,
      received_at: at,
    })
    .returning<{ id: string }[]>('id');
  if (!row) throw new Error('insert into inbound_documents returned nothing');
  return row.id;
}

/** One entry of the order's timeline, by the supplier (or the ward) at `at`, as the appliers write it. */
async function insertEvent(db: Db, orderId: string, at: Date, type: string, label: string, details: object) {
  await db('order_events').insert({
    order_id: orderId,
    event_type: type,
    actor_label: label,
    occurred_at: at,
    details: JSON.stringify(details),
  });
}

const linesWith = (lines: HistoricalConfirmation['lines'], statuses: string[]) => [
  ...new Set(lines.filter((line) => statuses.includes(line.status)).map((line) => line.line_number)),
];

export interface HistoricalConfirmation {
  orderId: string;
  key: string;
  at: Date;
  type: 'accept' | 'reject' | 'detail';
  lines: {
    line_number: number;
    status: 'accept' | 'detail' | 'backordered' | 'reject';
    quantity: number;
    delivery_date: Date | null;
    unit_price?: string | null;
    comments?: string | null;
  }[];
}

export async function insertHistoricalConfirmation(db: Db, input: HistoricalConfirmation): Promise<void> {
  const documentId = await insertAppliedDocument(db, input.orderId, 'ConfirmationRequest', input.key, input.at);
  const [confirmation] = await db('supplier_confirmations')
    .insert({
      order_id: input.orderId,
      inbound_document_id: documentId,
      payload_id: `${input.key}@history.supplyhub.invalid`,
      confirm_id: input.key,
      confirmation_type: input.type,
      operation: 'new',
      notice_date: input.at,
      created_at: input.at,
    })
    .returning<{ id: string }[]>('id');
  for (const [type, statuses] of [
    ['confirmed', ['accept', 'detail']],
    ['backordered', ['backordered']],
    ['rejected_by_supplier', ['reject']],
  ] as const) {
    const lines = linesWith(input.lines, [...statuses]);
    if (lines.length > 0) await insertEvent(db, input.orderId, input.at, type, 'Supplier', { lines });
  }
  if (input.lines.length === 0) return;
  await db('supplier_confirmation_lines').insert(
    input.lines.map((line) => ({
      confirmation_id: confirmation!.id,
      line_number: line.line_number,
      status: line.status,
      quantity: line.quantity,
      delivery_date: line.delivery_date,
      unit_price: line.unit_price ?? null,
      comments: line.comments ?? null,
    })),
  );
}

export interface HistoricalShipment {
  orderId: string;
  key: string;
  at: Date;
  deliveryDate: Date;
  lines: { line_number: number; quantity: number }[];
}

export async function insertHistoricalShipment(db: Db, input: HistoricalShipment): Promise<void> {
  const documentId = await insertAppliedDocument(db, input.orderId, 'ShipNoticeRequest', input.key, input.at);
  const [shipment] = await db('shipments')
    .insert({
      order_id: input.orderId,
      inbound_document_id: documentId,
      payload_id: `${input.key}@history.supplyhub.invalid`,
      shipment_id: input.key,
      operation: 'new',
      carrier: 'UPS',
      tracking_number: `1Z${createHash('sha256').update(input.key).digest('hex').slice(0, 16).toUpperCase()}`,
      shipment_date: input.at,
      delivery_date: input.deliveryDate,
      created_at: input.at,
    })
    .returning<{ id: string }[]>('id');
  await insertEvent(db, input.orderId, input.at, 'shipped', 'Supplier', {
    shipment_id: input.key,
    carrier: 'UPS',
    delivery_date: input.deliveryDate.toISOString(),
    lines: input.lines,
  });
  await db('shipment_lines').insert(
    input.lines.map((line) => ({ shipment_ref: shipment!.id, line_number: line.line_number, quantity: line.quantity })),
  );
}

export interface HistoricalReceipt {
  orderId: string;
  at: Date;
  receivedBy: string;
  lines: { line_number: number; quantity: number; condition: 'ok' | 'damaged' | 'short'; note?: string }[];
}

export async function insertHistoricalReceipt(db: Db, input: HistoricalReceipt): Promise<void> {
  const [receipt] = await db('order_receipts')
    .insert({ order_id: input.orderId, received_by_label: input.receivedBy, created_at: input.at })
    .returning<{ id: string }[]>('id');
  await insertEvent(db, input.orderId, input.at, 'received', input.receivedBy, {
    lines: input.lines.map(({ line_number, quantity, condition }) => ({ line_number, quantity, condition })),
  });
  await db('order_receipt_lines').insert(
    input.lines.map((line) => ({
      receipt_id: receipt!.id,
      line_number: line.line_number,
      quantity: line.quantity,
      condition: line.condition,
      note: line.note ?? null,
    })),
  );
}

export interface HistoricalInvoice {
  orderId: string;
  key: string;
  at: Date;
  supplierIdentity: string;
  status: 'matched' | 'exception';
  reasons: string[];
  tolerancePercent: number;
  lines: {
    line_number: number;
    quantity: number;
    unit_price: string;
    order_unit_price: string;
    received_quantity: number;
    reasons: string[];
  }[];
}

export async function insertHistoricalInvoice(db: Db, input: HistoricalInvoice): Promise<void> {
  const documentId = await insertAppliedDocument(db, input.orderId, 'InvoiceDetailRequest', input.key, input.at);
  const subtotalCents = input.lines.reduce(
    (sum, line) => sum + line.quantity * Math.round(Number(line.unit_price) * 100),
    0,
  );
  const subtotal = (subtotalCents / 100).toFixed(2);
  const [invoice] = await db('invoices')
    .insert({
      order_id: input.orderId,
      inbound_document_id: documentId,
      payload_id: `${input.key}@history.supplyhub.invalid`,
      supplier_identity: input.supplierIdentity,
      invoice_id: input.key,
      invoice_date: input.at,
      currency: 'USD',
      subtotal_amount: subtotal,
      tax_amount: '0.00',
      net_amount: subtotal,
      price_tolerance_percent: input.tolerancePercent,
      status: input.status,
      reasons: JSON.stringify(input.reasons),
      received_at: input.at,
    })
    .returning<{ id: string }[]>('id');
  await db('invoice_lines').insert(
    input.lines.map((line, index) => ({
      invoice_id: invoice!.id,
      invoice_line_number: index + 1,
      line_number: line.line_number,
      quantity: line.quantity,
      unit_price: line.unit_price,
      order_unit_price: line.order_unit_price,
      received_quantity: line.received_quantity,
      reasons: JSON.stringify(line.reasons),
    })),
  );
}
