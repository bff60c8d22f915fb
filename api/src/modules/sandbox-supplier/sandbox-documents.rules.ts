import { createHash } from 'node:crypto';

import type { InvoiceDetailInput } from '../supplier/cxml/cxml-invoice-documents.js';
import type { ConfirmationInput, ShipNoticeInput } from '../supplier/cxml/cxml-supplier-documents.js';

/** An order line as the sandbox supplier keeps it for its follow-up documents. */
export interface SandboxLine {
  line_number: number;
  quantity: number;
  /** The order's unit price (orders planned before invoices existed have none). */
  unit_price?: string;
}

export interface SandboxFollowUp {
  kind: 'confirmation' | 'ship_notice' | 'invoice';
  order_id: string;
  order_payload_id: string;
  lines: SandboxLine[];
  has_backorder: boolean;
  /** A STAT order: confirmed and shipped at once, for next-day delivery, nothing backordered. */
  is_next_day: boolean;
  due_at: Date;
}

export interface SandboxTiming {
  confirmAfterS: number;
  shipAfterS: number;
  backorderShare: number;
  invoiceAfterS: number;
}

const DAY_MS = 86_400_000;
/** What the sandbox says of a STAT order in its confirmation and ship notice. */
export const NEXT_DAY_COMMENT = 'STAT order: shipped at once, next-day delivery';
export const SANDBOX_CARRIER = 'UPS';
/** After this many refused or failed sends a document is given up (it stays listed with its error). */
export const MAX_SANDBOX_ATTEMPTS = 8;

/**
 * Whether the sandbox backorders part of this order: decided by the payloadID, so the same order
 * always gets the same story (a resend, a restart) and about `share` of all orders get one.
 */
export function isBackorderedOrder(payloadId: string, share: number): boolean {
  return fractionOf(payloadId) < share;
}

function fractionOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 0x1_0000_0000;
}

/** Whether the sandbox's invoice of this order is priced 5 % above it: about `share` of orders, always the same ones. */
export function isOverpricedInvoice(payloadId: string, share: number): boolean {
  return fractionOf(`invoice:${payloadId}`) < share;
}

/** What the sandbox will send about an order it accepted: a confirmation, then a ship notice. */
export function planFollowUps(
  order: { orderId: string; payloadId: string; lines: SandboxLine[]; isNextDay?: boolean },
  timing: SandboxTiming,
  now: Date,
): SandboxFollowUp[] {
  const isNextDay = order.isNextDay === true;
  const hasBackorder = !isNextDay && isBackorderedOrder(order.payloadId, timing.backorderShare);
  const common = {
    order_id: order.orderId,
    order_payload_id: order.payloadId,
    lines: order.lines,
    has_backorder: hasBackorder,
    is_next_day: isNextDay,
  };
  // A STAT order is confirmed and shipped at once (the ship notice still follows the confirmation).
  const confirmAfterMs = isNextDay ? 0 : timing.confirmAfterS * 1000;
  const shipAfterMs = isNextDay ? 0 : Math.max(timing.shipAfterS, timing.confirmAfterS) * 1000;
  return [
    { ...common, kind: 'confirmation', due_at: new Date(now.getTime() + confirmAfterMs) },
    { ...common, kind: 'ship_notice', due_at: new Date(now.getTime() + shipAfterMs) },
    { ...common, kind: 'invoice', due_at: new Date(now.getTime() + shipAfterMs + timing.invoiceAfterS * 1000) },
  ];
}

/** The first line of a backordered order keeps half (rounded down, at least one unit) back. */
function backorderedOf(line: SandboxLine, index: number, hasBackorder: boolean): number {
  if (!hasBackorder || index > 0 || line.quantity < 2) return 0;
  return Math.max(1, Math.floor(line.quantity / 2));
}

export function sandboxConfirmation(followUp: SandboxFollowUp, now: Date): ConfirmationInput {
  const order = { orderId: followUp.order_id, payloadId: followUp.order_payload_id };
  if (followUp.is_next_day) return nextDayConfirmation(followUp, now);
  const isPartial = followUp.lines.some((line, index) => backorderedOf(line, index, followUp.has_backorder) > 0);
  if (!isPartial) return { type: 'accept', noticeDate: now, order, confirmId: `SBX-C-${followUp.order_id}` };
  return {
    type: 'detail',
    noticeDate: now,
    confirmId: `SBX-C-${followUp.order_id}`,
    order,
    items: followUp.lines.map((line, index) => {
      const backordered = backorderedOf(line, index, followUp.has_backorder);
      return {
        lineNumber: line.line_number,
        quantity: line.quantity,
        statuses: [
          ...(line.quantity - backordered > 0
            ? [
                {
                  type: 'accept' as const,
                  quantity: line.quantity - backordered,
                  deliveryDate: new Date(now.getTime() + 2 * DAY_MS),
                },
              ]
            : []),
          ...(backordered > 0
            ? [
                {
                  type: 'backordered' as const,
                  quantity: backordered,
                  deliveryDate: new Date(now.getTime() + 14 * DAY_MS),
                  comments: 'Manufacturer backorder',
                },
              ]
            : []),
        ],
      };
    }),
  };
}

/** A STAT order: every line accepted for delivery tomorrow, and the header says so. */
function nextDayConfirmation(followUp: SandboxFollowUp, now: Date): ConfirmationInput {
  return {
    type: 'detail',
    noticeDate: now,
    confirmId: `SBX-C-${followUp.order_id}`,
    comments: NEXT_DAY_COMMENT,
    order: { orderId: followUp.order_id, payloadId: followUp.order_payload_id },
    items: followUp.lines.map((line) => ({
      lineNumber: line.line_number,
      quantity: line.quantity,
      statuses: [
        {
          type: 'accept' as const,
          quantity: line.quantity,
          deliveryDate: new Date(now.getTime() + DAY_MS),
          comments: 'next-day',
        },
      ],
    })),
  };
}

/** Ships what was confirmed (not the backordered part), by UPS, with a lot and an expiry per line. */
export function sandboxShipNotice(followUp: SandboxFollowUp, now: Date): ShipNoticeInput {
  const tracking = `1Z${createHash('sha256').update(followUp.order_payload_id).digest('hex').slice(0, 16).toUpperCase()}`;
  return {
    shipmentId: `SBX-S-${followUp.order_id}`,
    noticeDate: now,
    shipmentDate: now,
    deliveryDate: new Date(now.getTime() + (followUp.is_next_day ? 1 : 2) * DAY_MS),
    ...(followUp.is_next_day ? { comments: NEXT_DAY_COMMENT } : {}),
    carrier: SANDBOX_CARRIER,
    trackingNumber: tracking,
    portions: [
      {
        order: { orderId: followUp.order_id, payloadId: followUp.order_payload_id },
        items: followUp.lines
          .map((line, index) => ({
            lineNumber: line.line_number,
            quantity: line.quantity - backorderedOf(line, index, followUp.has_backorder),
            lot: `LOT-${followUp.order_id.replace(/\D/g, '')}-${line.line_number}`,
            expiryDate: new Date(now.getTime() + 730 * DAY_MS),
          }))
          .filter((item) => item.quantity > 0),
      },
    ],
  };
}

/** What shipped of each line: the order less the backordered part. */
export function shippedQuantities(followUp: SandboxFollowUp): Map<number, number> {
  return new Map(
    followUp.lines.map((line, index) => [
      line.line_number,
      line.quantity - backorderedOf(line, index, followUp.has_backorder),
    ]),
  );
}

/** Whether the ward has received all that shipped, so the invoice can match. */
export function isShipmentReceived(followUp: SandboxFollowUp, received: ReadonlyMap<number, number>): boolean {
  return [...shippedQuantities(followUp)].every(([line, quantity]) => (received.get(line) ?? 0) >= quantity);
}

/** Invoices what shipped at the order's prices (5 % above them when `isOverpriced`), without tax. */
export function sandboxInvoice(followUp: SandboxFollowUp, now: Date, isOverpriced: boolean): InvoiceDetailInput {
  const shipped = shippedQuantities(followUp);
  return {
    invoiceId: `SBX-I-${followUp.order_id}`,
    invoiceDate: now,
    order: { orderId: followUp.order_id, payloadId: followUp.order_payload_id },
    items: followUp.lines
      .map((line, index) => {
        const cents = Math.round(Number(line.unit_price ?? '0') * 100);
        return {
          invoiceLineNumber: index + 1,
          lineNumber: line.line_number,
          quantity: shipped.get(line.line_number) ?? 0,
          unitPrice: ((isOverpriced ? Math.round(cents * 1.05) : cents) / 100).toFixed(2),
        };
      })
      .filter((item) => item.quantity > 0),
    tax: '0.00',
  };
}

/** The next try of a document that failed: 10 s, 20 s, 40 s … up to 10 minutes. */
export function sandboxRetryAt(attempts: number, now: Date): Date {
  return new Date(now.getTime() + Math.min(600, 10 * 2 ** Math.max(0, attempts - 1)) * 1000);
}
