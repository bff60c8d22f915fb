import type { Db } from '../../database/connection.js';
import { DEFAULT_PRICE_TOLERANCE_PERCENT } from '../invoices/invoice-match.rules.js';
import * as history from './demo-history.queries.js';
import { planDemoHistory, storyOf, type SentDemoOrder } from './demo-history.rules.js';

/** The demo supplier as its invoices name it: the sandbox supplier's inbound identity. */
const DEMO_SUPPLIER_SENDER = 'SANDBOX-SUPPLIER';
const RECEIVED_BY = 'Ward receiving (demo)';

/**
 * The history of the demo's sent orders (oldest first), written in the seed's transaction: the
 * supplier scorecard and the orders' fulfilment show it on a first start.
 */
export async function writeDemoHistory(trx: Db, orders: readonly SentDemoOrder[], now: Date): Promise<void> {
  for (const [index, order] of orders.entries()) {
    const events = planDemoHistory(order, storyOf(index, order.lines), now, DEFAULT_PRICE_TOLERANCE_PERCENT);
    for (const [step, event] of events.entries()) {
      const key = `DEMO-${order.orderId}-${step + 1}`;
      if (event.kind === 'confirmation') {
        await history.insertHistoricalConfirmation(trx, { orderId: order.orderId, key, ...event });
      } else if (event.kind === 'shipment') {
        await history.insertHistoricalShipment(trx, { orderId: order.orderId, key, ...event });
      } else if (event.kind === 'receipt') {
        await history.insertHistoricalReceipt(trx, { orderId: order.orderId, receivedBy: RECEIVED_BY, ...event });
      } else {
        await history.insertHistoricalInvoice(trx, {
          orderId: order.orderId,
          key,
          supplierIdentity: DEMO_SUPPLIER_SENDER,
          tolerancePercent: DEFAULT_PRICE_TOLERANCE_PERCENT,
          ...event,
        });
      }
    }
  }
}
