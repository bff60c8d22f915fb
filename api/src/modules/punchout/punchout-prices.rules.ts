import { toCents } from '../orders/order-pricing.rules.js';

/** The last price Supply Hub saw for a supplier part in a unit: on an order, or in a returned cart. */
export interface LastSupplierPrice {
  supplier_part_id: string;
  unit_of_measure: string;
  unit_price: string;
  /** The order it was bought on; null when it was only returned in a PunchOut cart. */
  order_number: string | null;
  seen_at: Date;
}

/** What a PunchOut line is compared by: the supplier's part in a unit, at a price. */
export interface QuotedPart {
  supplier_part_id: string;
  unit_of_measure: string;
  unit_price: string;
}

/**
 * A price is a drop when it is more than `tolerancePercent` below the last one, the same tolerance
 * an invoice's price may differ from the order's by. Compared in hundredths of a cent, so 2% of
 * $8.49 is not rounded either way.
 */
export function isPriceDrop(unitPrice: string, lastUnitPrice: string, tolerancePercent: number): boolean {
  const current = toCents(unitPrice);
  const last = toCents(lastUnitPrice);
  if (last <= 0) return false;
  return (last - current) * 10_000 > Math.round(tolerancePercent * 100) * last;
}

/** The part's key: the auxiliary ID is the supplier's quote reference, new with every cart, so it is left out. */
export function partKey(part: { supplier_part_id: string; unit_of_measure: string }): string {
  return `${part.supplier_part_id}\u0000${part.unit_of_measure}`;
}

/** For each line (by index), the last price it fell below, or null: no earlier price, or within tolerance. */
export function priceDropsOf(
  lines: readonly QuotedPart[],
  lastPrices: readonly LastSupplierPrice[],
  tolerancePercent: number,
): (LastSupplierPrice | null)[] {
  const lastByPart = new Map(lastPrices.map((last) => [partKey(last), last]));
  return lines.map((line) => {
    const last = lastByPart.get(partKey(line));
    return last && isPriceDrop(line.unit_price, last.unit_price, tolerancePercent) ? last : null;
  });
}
