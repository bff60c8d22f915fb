import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { receiveOrder } from '../fulfilment/receipts.service.js';
import { localDate } from '../standing-orders/standing-order-schedule.rules.js';
import * as queries from './demo-lots.queries.js';
import { demoLot } from './demo-lots.rules.js';

/**
 * Demo mode: lots that expire soon (one already expired) at each location, on its department's sent
 * orders, which are marked delivered to the location. Lines the demo's supplier history received get
 * a lot and expiry date; where that is not enough, lines still to receive are received by their
 * requester through the real receiving path. Once: only on a portal where no receipt records an
 * expiry date yet.
 */
export async function ensureDemoExpiringLots(ctx: ServiceContext): Promise<{ lots: number }> {
  if (await queries.hasAnyDatedReceipt(ctx.db)) return { lots: 0 };
  const today = localDate(ctx.now(), await queries.selectCompanyTimezone(ctx.db));
  const dated = new Map<string, number>();
  const next = (line: { location_id: string; location_name: string }, stillToReceive: number) =>
    demoLot(line.location_name, dated.get(line.location_id) ?? 0, today, stillToReceive);
  const count = async (line: { location_id: string; order_id: string }) => {
    await queries.setOrderLocation(ctx.db, line.order_id, line.location_id);
    dated.set(line.location_id, (dated.get(line.location_id) ?? 0) + 1);
  };

  for (const line of await queries.selectDemoUndatedReceiptLines(ctx.db)) {
    const lot = next(line, line.quantity);
    if (!lot) continue;
    await queries.dateReceiptLine(ctx.db, line.id, { lot: lot.lot, expiry_date: lot.expiry_date });
    await count(line);
  }
  for (const line of await queries.selectDemoLocationOrderLines(ctx.db)) {
    const lot = next(line, line.quantity);
    if (!lot) continue;
    const requester = { userId: line.requester_id, email: line.requester_email, roles: line.requester_roles };
    try {
      await receiveOrder(ctx, requester, line.order_id, {
        lines: [{ line_number: line.line_number, condition: 'ok', ...lot }],
        // The expired lot is the point of the demo: received knowingly, as a ward would confirm it.
        confirm_short_shelf_life: true,
      });
    } catch (error) {
      // The supplier may have rejected what is left of the line: try the next one.
      if (error instanceof AppError && error.status < 500) continue;
      throw error;
    }
    await count(line);
  }
  return { lots: [...dated.values()].reduce((sum, lots) => sum + lots, 0) };
}
