import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { readSupplierCartItems } from '../cart/cart.service.js';
import { findPriceDrops } from '../punchout/punchout-prices.service.js';
import { formatCents, lineTotalCents, toCents } from './order-pricing.rules.js';

/**
 * The supplier's PunchOut cart lines an order takes: each must still be in the requester's
 * cart; priced as the supplier quoted them, numbered after the catalogue lines, each with the earlier
 * price it fell below, if any, for the approver.
 */
export async function supplierCartLines(
  ctx: ServiceContext,
  userId: string,
  ids: readonly string[],
  firstLine: number,
) {
  if (ids.length === 0) return [];
  const rows = await readSupplierCartItems(ctx, userId, ids);
  if (rows.length !== ids.length) {
    throw AppError.badRequest(
      'SUPPLIER_ITEM_NOT_IN_CART',
      'An item from the supplier is no longer in your cart. Please reload your cart and try again.',
    );
  }
  const drops = await findPriceDrops(ctx, rows, [...new Set(rows.map((row) => row.session_id))]);
  return rows.map((row, index) => {
    const drop = drops[index];
    const lineNumber = firstLine + index + 1;
    const unitCents = toCents(row.unit_price);
    return {
      quantity: row.quantity,
      unitCents,
      item: {
        line_number: lineNumber,
        product_id: null,
        asin: row.supplier_part_id,
        sku: null,
        title: row.description,
        quantity: row.quantity,
        unit_price: formatCents(unitCents),
        total_price: formatCents(lineTotalCents({ quantity: row.quantity, unitPriceCents: unitCents })),
      },
      punchout: {
        line_number: lineNumber,
        session_id: row.session_id,
        supplier_part_auxiliary_id: row.supplier_part_auxiliary_id,
        unit_of_measure: row.unit_of_measure,
        unspsc: row.unspsc,
        previous_unit_price: drop?.unit_price ?? null,
        previous_order_number: drop?.order_number ?? null,
        previous_seen_at: drop?.seen_at.toISOString() ?? null,
      },
    };
  });
}
