import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type request from 'supertest';

import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';
import {
  buildConfirmationRequestXml,
  buildShipNoticeRequestXml,
  type ConfirmationInput,
} from '../supplier/cxml/cxml-supplier-documents.js';

/*
 * The per-line quantity rules hold at every moment whatever the supplier and the ward send, in any
 * order: random sequences of confirmations (whole-order accept or reject, per-line detail with
 * accepted, backordered and rejected portions, updates of one in force), ship notices (new, update,
 * delete) and receipts go over HTTP to one sent order; after each step every line of every order is
 * read back from the tables with SQL of its own (not the portal's derivation) and the order's kept
 * budget cost is compared with its definition.
 */

const NOW = new Date('2026-11-27T10:00:00Z');
const testbed = useFulfilmentTestbed();
const RUNS = 20;
const STEPS = 6;

const lineIndex = fc.nat({ max: 2 });
const portion = fc.record({
  isIncluded: fc.boolean(),
  rejected: fc.nat({ max: 5 }),
  backordered: fc.nat({ max: 5 }),
});
const step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('confirm' as const),
      type: fc.constantFrom(
        'accept' as const,
        'reject' as const,
        'detail' as const,
        'detail' as const,
        'detail' as const,
      ),
      portions: fc.array(portion, { minLength: 3, maxLength: 3 }),
      // Some(n): an update of the n-th confirmation in force (modulo), when there is one.
      replaces: fc.option(fc.nat(), { nil: null }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('ship' as const),
      operation: fc.constantFrom('new' as const, 'new' as const, 'update' as const, 'delete' as const),
      items: fc.array(fc.record({ line: lineIndex, quantity: fc.integer({ min: 1, max: 3 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      lines: fc.array(fc.record({ line: lineIndex, quantity: fc.integer({ min: 1, max: 3 }) }), {
        minLength: 1,
        maxLength: 2,
      }),
    }),
  },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** What the test knows is in force, to name it in updates and withdrawals. */
interface Known {
  confirmations: { payloadId: string; confirmId: string }[];
  shipments: { payloadId: string; shipmentId: string }[];
  sequence: number;
}

interface Outcome {
  status: number;
  message: string;
}

const reference = (order: SentOrder) => ({ orderId: order.order_number, payloadId: order.payload_id });

function cxmlOutcome(response: request.Response): Outcome {
  const match = /<Status code="(\d+)"[^>]*?(?:\/>|>([\s\S]*?)<\/Status>)/.exec(response.text);
  return { status: response.status, message: (match?.[2] ?? response.text).trim() };
}

function confirmationOf(order: SentOrder, quantities: number[], action: Extract<Step, { kind: 'confirm' }>) {
  const items: NonNullable<ConfirmationInput['items']> = [];
  if (action.type === 'detail') {
    quantities.forEach((quantity, index) => {
      const portion = action.portions[index]!;
      if (!portion.isIncluded && index > 0) return;
      const rejected = Math.min(portion.rejected, quantity);
      const backordered = Math.min(portion.backordered, quantity - rejected);
      const accepted = quantity - rejected - backordered;
      const statuses = [
        { type: 'accept' as const, quantity: accepted },
        { type: 'backordered' as const, quantity: backordered },
        { type: 'reject' as const, quantity: rejected },
      ].filter((status) => status.quantity > 0);
      items.push({ lineNumber: index + 1, quantity, statuses });
    });
  }
  return { type: action.type, noticeDate: NOW, order: reference(order), items };
}

async function apply(order: SentOrder, quantities: number[], known: Known, action: Step): Promise<Outcome> {
  known.sequence += 1;
  const head = testbed.supplierHeader(NOW);
  if (action.kind === 'confirm') {
    const replaced =
      action.replaces === null || known.confirmations.length === 0
        ? null
        : known.confirmations[action.replaces % known.confirmations.length]!;
    const confirmId = replaced?.confirmId ?? `C-${known.sequence}`;
    const xml = buildConfirmationRequestXml(head, {
      ...confirmationOf(order, quantities, action),
      confirmId,
      ...(replaced ? { operation: 'update' as const, previousPayloadId: replaced.payloadId } : {}),
    });
    const outcome = cxmlOutcome(await testbed.postDocument(xml));
    if (outcome.status === 200) {
      known.confirmations = known.confirmations.filter((confirmation) => confirmation !== replaced);
      known.confirmations.push({ payloadId: head.payloadId, confirmId });
    }
    return outcome;
  }
  if (action.kind === 'ship') {
    const changed =
      action.operation === 'new' || known.shipments.length === 0
        ? null
        : known.shipments[action.pick % known.shipments.length]!;
    const operation = changed ? action.operation : 'new';
    const shipmentId = changed?.shipmentId ?? `S-${known.sequence}`;
    const items = action.items.map((item) => ({
      lineNumber: (item.line % quantities.length) + 1,
      quantity: item.quantity,
    }));
    const xml = buildShipNoticeRequestXml(head, {
      shipmentId,
      noticeDate: NOW,
      ...(changed ? { operation, previousPayloadId: changed.payloadId } : {}),
      portions: operation === 'delete' ? [] : [{ order: reference(order), items }],
    });
    const outcome = cxmlOutcome(await testbed.postDocument(xml));
    if (outcome.status === 200) {
      known.shipments = known.shipments.filter((shipment) => shipment !== changed);
      if (operation !== 'delete') known.shipments.push({ payloadId: head.payloadId, shipmentId });
    }
    return outcome;
  }
  const lines = action.lines.map((line) => ({
    line_number: (line.line % quantities.length) + 1,
    quantity: line.quantity,
  }));
  const response = await order.requester.agent.post(`/api/orders/${order.id}/receipts`).send({ lines });
  return { status: response.status, message: `${response.body.code}: ${response.body.message}` };
}

/** Every order line's quantities from the tables: a line's confirmation is the newest in force naming it, or a whole-order accept or reject. */
const LINE_QUANTITIES = `
  WITH confirmation AS (
    SELECT c.id, c.order_id, c.confirmation_type,
           NOT EXISTS (SELECT 1 FROM supplier_confirmation_lines l WHERE l.confirmation_id = c.id) AS is_whole
      FROM supplier_confirmations c
     WHERE c.replaced_by_id IS NULL),
  line AS (
    SELECT i.order_id, i.line_number, i.quantity AS ordered,
           (SELECT c.id FROM confirmation c
             WHERE c.order_id = i.order_id
               AND ((c.is_whole AND c.confirmation_type IN ('accept', 'reject'))
                    OR EXISTS (SELECT 1 FROM supplier_confirmation_lines l
                                WHERE l.confirmation_id = c.id AND l.line_number = i.line_number))
             ORDER BY c.id DESC LIMIT 1) AS confirmation_id
      FROM order_items i),
  portion AS (
    SELECT line.*, c.is_whole, c.confirmation_type,
           (SELECT coalesce(sum(l.quantity), 0) FROM supplier_confirmation_lines l
             WHERE l.confirmation_id = line.confirmation_id AND l.line_number = line.line_number
               AND l.status IN ('accept', 'allDetail', 'detail'))::int AS confirmed_lines,
           (SELECT coalesce(sum(l.quantity), 0) FROM supplier_confirmation_lines l
             WHERE l.confirmation_id = line.confirmation_id AND l.line_number = line.line_number
               AND l.status = 'backordered')::int AS backordered,
           (SELECT coalesce(sum(l.quantity), 0) FROM supplier_confirmation_lines l
             WHERE l.confirmation_id = line.confirmation_id AND l.line_number = line.line_number
               AND l.status = 'reject')::int AS rejected_lines
      FROM line LEFT JOIN confirmation c ON c.id = line.confirmation_id)
  SELECT p.order_id, o.order_number, p.line_number, p.ordered,
         CASE WHEN p.is_whole THEN CASE WHEN p.confirmation_type = 'accept' THEN p.ordered ELSE 0 END
              ELSE p.confirmed_lines END AS confirmed,
         p.backordered,
         CASE WHEN p.is_whole THEN CASE WHEN p.confirmation_type = 'reject' THEN p.ordered ELSE 0 END
              ELSE p.rejected_lines END AS rejected,
         (SELECT coalesce(sum(sl.quantity), 0) FROM shipment_lines sl JOIN shipments s ON s.id = sl.shipment_ref
           WHERE s.order_id = p.order_id AND sl.line_number = p.line_number
             AND s.replaced_by_id IS NULL AND s.withdrawn_at IS NULL)::int AS shipped,
         (SELECT coalesce(sum(rl.quantity), 0) FROM order_receipt_lines rl JOIN order_receipts r ON r.id = rl.receipt_id
           WHERE r.order_id = p.order_id AND rl.line_number = p.line_number)::int AS received
    FROM portion p JOIN orders o ON o.id = p.order_id`;

// Each run reads its own order only: a run that failed leaves its order broken, which must not fail the shrunk runs after it.
async function brokenLines(order: SentOrder): Promise<unknown[]> {
  const { rows } = await testbed.database.db.raw<{ rows: unknown[] }>(
    `SELECT * FROM (${LINE_QUANTITIES}) q
      WHERE order_id = ?
        AND (confirmed + backordered + rejected > ordered OR shipped > ordered - rejected OR received > ordered - rejected)`,
    [order.id],
  );
  return rows;
}

async function orderOffItsCost(order: SentOrder): Promise<unknown[]> {
  const { rows } = await testbed.database.db.raw<{ rows: unknown[] }>(
    `SELECT o.order_number, o.budget_committed, order_budget_cost(o) AS cost FROM orders o
      WHERE o.id = ? AND o.budget_committed IS DISTINCT FROM order_budget_cost(o)`,
    [order.id],
  );
  return rows;
}

const EXPECTED_STATUSES = { confirm: [200, 400], ship: [200, 400], receive: [201, 409, 422] };

describe('per-line quantity rules across supplier documents and receipts', () => {
  it('hold after every step of any sequence of confirmations, ship notices and receipts, and each order keeps its budget cost', async () => {
    const tally = { applied: 0, refusedByRule: 0, refusedOtherwise: 0 };
    const people = await testbed.orderingPeople();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }),
        fc.array(step, { minLength: 2, maxLength: STEPS }),
        async (quantities, steps) => {
          const order = await testbed.sentOrder(quantities, people);
          const known: Known = { confirmations: [], shipments: [], sequence: 0 };
          for (const action of steps) {
            const outcome = await apply(order, quantities, known, action);
            if (!EXPECTED_STATUSES[action.kind].includes(outcome.status)) {
              throw new Error(`${action.kind} answered ${outcome.status}: ${outcome.message}`);
            }
            if (outcome.status < 300) tally.applied += 1;
            else if (/were not rejected by the supplier/.test(outcome.message)) tally.refusedByRule += 1;
            else tally.refusedOtherwise += 1;
            expect(await brokenLines(order)).toEqual([]);
            expect(await orderOffItsCost(order)).toEqual([]);
          }
        },
      ),
      { numRuns: RUNS },
    );
    // The sequences reached the rules, and did not only bounce off them.
    expect(tally.applied).toBeGreaterThan(0);
    expect(tally.refusedByRule + tally.refusedOtherwise).toBeGreaterThan(0);
  }, 120_000);
});
