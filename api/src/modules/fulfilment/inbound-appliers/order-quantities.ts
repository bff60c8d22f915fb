import type { Db } from '../../../database/connection.js';
import { refuse } from '../cxml-inbound/inbound-document.types.js';
import type { ConfirmationVersion, OrderedLine, ShipmentVersion } from '../fulfilment.rules.js';
import * as queries from '../inbound.queries.js';
import {
  findQuantityBreach,
  lineQuantitiesOf,
  quantityBreachText,
  type QuantityRule,
} from '../line-quantities.rules.js';

/** Documents of one kind in force now, and as they would be with the document applied. */
interface Change<Version> {
  inForce: Version[];
  after: Version[];
}

/**
 * Refuses (400, nothing written) a document after which a line of the order would break one of
 * `rules`. The caller passes the confirmations or the ship notices the document changes; the rest is
 * read as it stands. The order is locked by resolveOrder, as a receipt locks it, so nothing moves
 * between this check and the write.
 */
export async function refuseQuantityBreach(
  trx: Db,
  order: { id: string; order_number: string },
  lines: OrderedLine[],
  change: { confirmations?: Change<ConfirmationVersion>; shipments?: Change<ShipmentVersion> },
  rules: readonly QuantityRule[],
): Promise<void> {
  const confirmations = change.confirmations?.inForce ?? (await queries.selectCurrentConfirmations(trx, order.id));
  const shipments = change.shipments?.inForce ?? (await queries.selectCurrentShipments(trx, order.id));
  const receipts = await queries.selectReceivedLines(trx, order.id);
  const before = lineQuantitiesOf({ lines, confirmations, shipments, receipts });
  const after = lineQuantitiesOf({
    lines,
    confirmations: change.confirmations?.after ?? confirmations,
    shipments: change.shipments?.after ?? shipments,
    receipts,
  });
  const breach = findQuantityBreach(after, rules, before);
  if (breach) throw refuse.badRequest(quantityBreachText(breach, order.order_number));
}
