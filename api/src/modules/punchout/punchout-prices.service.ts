import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { getInvoiceMatchSettings } from '../invoices/invoices.service.js';
import * as queries from './punchout-prices.queries.js';
import { priceDropsOf, type LastSupplierPrice, type QuotedPart } from './punchout-prices.rules.js';

export type { LastSupplierPrice } from './punchout-prices.rules.js';

/**
 * PunchOut prices come back through the requester's browser, so a price edited there is only
 * caught by comparison: for each line (by index), the last earlier price of the same part it falls
 * more than the invoice price tolerance below, or null. Lines of the sessions named are not
 * "earlier": they are the lines being checked.
 */
export async function findPriceDrops(
  ctx: ServiceContext,
  lines: readonly QuotedPart[],
  ownSessionIds: readonly string[],
  db: Db = ctx.db,
): Promise<(LastSupplierPrice | null)[]> {
  if (lines.length === 0) return [];
  const [lastPrices, { price_tolerance_percent }] = await Promise.all([
    queries.selectLastPrices(db, lines, ownSessionIds),
    getInvoiceMatchSettings(ctx),
  ]);
  return priceDropsOf(lines, lastPrices, price_tolerance_percent);
}

/** Keeps a returned cart's prices, each marked when it was a drop (such a price is never compared with). */
export async function keepReturnedPrices(
  ctx: ServiceContext,
  trx: Db,
  sessionId: string,
  lines: readonly (QuotedPart & { line_number: number })[],
  returnedAt: Date,
): Promise<void> {
  const drops = await findPriceDrops(ctx, lines, [sessionId], trx);
  await queries.insertReturnedLines(
    trx,
    sessionId,
    lines.map((line, index) => ({ ...line, is_price_drop: drops[index] !== null })),
    returnedAt,
  );
}
