import { matchInvoice, toCents } from '../invoices/invoice-match.rules.js';

/**
 * What happened after the demo's sent orders left: the supplier's confirmations and ship notices,
 * the ward's receipts and the supplier's invoices, as a supplier's history would have them. The
 * stories take turns so that every figure of the supplier scorecard has something to count: most
 * orders go perfectly, others carry a backorder, a late delivery, a price change (invoiced at the new
 * price, an exception), a line the supplier rejects, a damaged unit, or an invoice for more than
 * arrived. Anything that would lie after `now` has not happened yet.
 */

export interface SentDemoOrder {
  orderId: string;
  sentAt: Date;
  lines: { line_number: number; quantity: number; unit_price: string }[];
}

export const DEMO_STORIES = [
  'perfect',
  'backorder',
  'late',
  'perfect',
  'price_change',
  'rejection',
  'damaged',
  'overbilled',
] as const;
export type DemoStory = (typeof DEMO_STORIES)[number];

type Line = SentDemoOrder['lines'][number];
type ConfirmationLine = {
  line_number: number;
  status: 'accept' | 'detail' | 'backordered' | 'reject';
  quantity: number;
  delivery_date: Date | null;
  unit_price?: string | null;
  comments?: string | null;
};

export type DemoHistoryEvent =
  | { kind: 'confirmation'; at: Date; type: 'accept' | 'detail'; lines: ConfirmationLine[] }
  | { kind: 'shipment'; at: Date; deliveryDate: Date; lines: { line_number: number; quantity: number }[] }
  | {
      kind: 'receipt';
      at: Date;
      lines: { line_number: number; quantity: number; condition: 'ok' | 'damaged'; note?: string }[];
    }
  | {
      kind: 'invoice';
      at: Date;
      status: 'matched' | 'exception';
      reasons: string[];
      lines: {
        line_number: number;
        quantity: number;
        unit_price: string;
        order_unit_price: string;
        received_quantity: number;
        reasons: string[];
      }[];
    };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const after = (start: Date, ms: number) => new Date(start.getTime() + ms);
const cents = (value: number) => (value / 100).toFixed(2);

/** The first line of two units or more: the one a backorder, a rejection or a damaged unit touches. */
function touchedLine(lines: readonly Line[]): Line | undefined {
  return lines.find((line) => line.quantity >= 2);
}

/** The story of the order at `index` among the sent ones, falling back to perfect when it cannot be told. */
export function storyOf(index: number, lines: readonly Line[]): DemoStory {
  const story = DEMO_STORIES[index % DEMO_STORIES.length]!;
  const needsTwoUnits = story === 'backorder' || story === 'rejection' || story === 'damaged';
  return needsTwoUnits && !touchedLine(lines) ? 'perfect' : story;
}

/** The events of one order's history, oldest first, those after `now` left out. */
export function planDemoHistory(order: SentDemoOrder, story: DemoStory, now: Date, tolerancePercent: number) {
  const sent = order.sentAt;
  const isLate = story === 'late';
  const promised = after(sent, 3 * DAY_MS);
  const touched = touchedLine(order.lines);
  const backordered = story === 'backorder' && touched ? Math.floor(touched.quantity / 2) : 0;
  const rejected = story === 'rejection' && touched ? 1 : 0;
  const newPrice = (line: Line) =>
    story === 'price_change' && line === order.lines[0] ? cents(Math.round(toCents(line.unit_price) * 1.04)) : null;

  const confirmationLines = order.lines.flatMap((line): ConfirmationLine[] => {
    const held = line === touched ? backordered + rejected : 0;
    const price = newPrice(line);
    return [
      {
        line_number: line.line_number,
        status: price ? 'detail' : 'accept',
        quantity: line.quantity - held,
        delivery_date: promised,
        unit_price: price,
      },
      ...(line === touched && backordered > 0
        ? [
            {
              line_number: line.line_number,
              status: 'backordered' as const,
              quantity: backordered,
              delivery_date: after(sent, 14 * DAY_MS),
              comments: 'Manufacturer backorder',
            },
          ]
        : []),
      ...(line === touched && rejected > 0
        ? [
            {
              line_number: line.line_number,
              status: 'reject' as const,
              quantity: rejected,
              delivery_date: null,
              comments: 'Discontinued pack size',
            },
          ]
        : []),
    ];
  });
  const isChanged = story === 'backorder' || story === 'price_change' || story === 'rejection';
  const events: DemoHistoryEvent[] = [
    {
      kind: 'confirmation',
      at: after(sent, isLate ? 30 * HOUR_MS : 3 * HOUR_MS),
      type: isChanged ? 'detail' : 'accept',
      lines: confirmationLines,
    },
  ];

  const firstShipped = order.lines.map((line) => ({
    line_number: line.line_number,
    quantity: line.quantity - (line === touched ? backordered + rejected : 0),
  }));
  const shippedAt = after(sent, (isLate ? 4 : 1) * DAY_MS);
  events.push({ kind: 'shipment', at: shippedAt, deliveryDate: after(shippedAt, DAY_MS), lines: firstShipped });
  const receivedAt = after(shippedAt, (isLate ? 2 : 1) * DAY_MS);
  events.push({
    kind: 'receipt',
    at: receivedAt,
    lines: firstShipped.flatMap((line) =>
      story === 'damaged' && line.line_number === touched?.line_number
        ? [
            { ...line, quantity: line.quantity - 1, condition: 'ok' as const },
            {
              line_number: line.line_number,
              quantity: 1,
              condition: 'damaged' as const,
              note: 'Box crushed in transit',
            },
          ]
        : [{ ...line, condition: 'ok' as const }],
    ),
  });
  let lastReceivedAt = receivedAt;
  if (touched && backordered > 0) {
    const rest = [{ line_number: touched.line_number, quantity: backordered }];
    const restShippedAt = after(sent, 12 * DAY_MS);
    events.push({ kind: 'shipment', at: restShippedAt, deliveryDate: after(restShippedAt, DAY_MS), lines: rest });
    lastReceivedAt = after(sent, 13 * DAY_MS);
    events.push({
      kind: 'receipt',
      at: lastReceivedAt,
      lines: rest.map((line) => ({ ...line, condition: 'ok' as const })),
    });
  }

  const received = new Map(
    order.lines.map((line) => [line.line_number, line.quantity - (line === touched ? rejected : 0)]),
  );
  const invoiced = order.lines
    .map((line, index) => ({
      invoiceLineNumber: index + 1,
      lineNumber: line.line_number,
      quantity: (received.get(line.line_number) ?? 0) + (story === 'overbilled' && index === 0 ? 1 : 0),
      unitPrice: newPrice(line) ?? line.unit_price,
    }))
    .filter((line) => line.quantity > 0);
  const subtotal = cents(invoiced.reduce((sum, line) => sum + line.quantity * toCents(line.unitPrice), 0));
  const match = matchInvoice({
    lines: invoiced,
    summary: { subtotal, tax: '0.00', gross: null, net: subtotal, due: null },
    orderPrices: new Map(order.lines.map((line) => [line.line_number, line.unit_price])),
    received,
    invoicedBefore: new Map(),
    tolerancePercent,
  });
  events.push({
    kind: 'invoice',
    at: after(lastReceivedAt, DAY_MS),
    status: match.status,
    reasons: match.reasons,
    lines: invoiced.map((line, index) => ({
      line_number: line.lineNumber,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      order_unit_price: match.lines[index]!.orderUnitPrice,
      received_quantity: match.lines[index]!.receivedQuantity,
      reasons: match.lines[index]!.reasons,
    })),
  });
  return events.filter((event) => event.at.getTime() <= now.getTime());
}
