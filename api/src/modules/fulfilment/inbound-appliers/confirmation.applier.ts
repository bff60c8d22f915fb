import type { Db } from '../../../database/connection.js';
import { refuse, type ConfirmationRead } from '../cxml-inbound/inbound-document.types.js';
import * as queries from '../inbound.queries.js';
import { checkConfirmation, confirmationEvents } from '../inbound.rules.js';
import { QUANTITY_RULES } from '../line-quantities.rules.js';
import { recordEvents, resolveOrder, type ApplyContext } from './apply-context.js';
import { refuseQuantityBreach } from './order-quantities.js';

/** A ConfirmationRequest: a new confirmation of the order, or an update replacing one in force. */
export async function applyConfirmation(trx: Db, document: ConfirmationRead, context: ApplyContext): Promise<string[]> {
  const order = await resolveOrder(trx, document.orderReference, context);
  const lines = await queries.selectOrderLines(trx, order.id);
  checkConfirmation(document, order.order_number, lines);
  let previousId: string | null = null;
  const current = await queries.selectCurrentConfirmations(trx, order.id);
  if (document.operation === 'update') {
    const previous = current.find((confirmation) => confirmation.payload_id === document.previousPayloadId);
    if (!previous) {
      throw refuse.badRequest(
        `operation="update" replaces payloadID ${document.previousPayloadId}, which is no confirmation in force for ${order.order_number}`,
      );
    }
    if ((previous.confirm_id ?? null) !== (document.confirmId ?? null)) {
      throw refuse.badRequest(
        `An update keeps the confirmID of the version it replaces (${previous.confirm_id ?? 'none'})`,
      );
    }
    previousId = previous.id;
  }
  const confirmationLines = document.items.flatMap((item) =>
    item.statuses.map((status) => ({
      line_number: item.lineNumber,
      status: status.type === 'requestToPay' ? ('unknown' as const) : status.type,
      quantity: status.quantity,
      delivery_date: status.deliveryDate,
      unit_price: status.unitPrice,
      supplier_part_id: status.supplierPartId,
      comments: status.comments,
    })),
  );
  // What shipped or arrived may not be rejected afterwards: the lines as they stand with this version in force.
  const after = [
    ...current.filter((confirmation) => confirmation.id !== previousId),
    { id: 'pending', confirmation_type: document.type, comments: document.comments, lines: confirmationLines },
  ];
  await refuseQuantityBreach(trx, order, lines, { confirmations: { inForce: current, after } }, QUANTITY_RULES);
  const id = await queries.insertConfirmation(trx, {
    order_id: order.id,
    inbound_document_id: context.documentId,
    payload_id: context.payloadId,
    confirm_id: document.confirmId,
    confirmation_type: document.type,
    operation: document.operation,
    notice_date: document.noticeDate,
    comments: document.comments,
    lines: confirmationLines,
  });
  if (previousId) await queries.markConfirmationReplaced(trx, previousId, id);
  await recordEvents(trx, order, confirmationEvents(document, lines), context, lines);
  return [order.id];
}
