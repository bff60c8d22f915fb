import type { Db } from '../../../database/connection.js';
import { refuse, type StatusUpdateRead } from '../cxml-inbound/inbound-document.types.js';
import { recordEvents, resolveOrder, type ApplyContext } from './apply-context.js';

/** A StatusUpdateRequest about our OrderRequest: a line on the order's timeline. */
export async function applyStatusUpdate(trx: Db, document: StatusUpdateRead, context: ApplyContext): Promise<string[]> {
  if (!document.orderPayloadId) {
    throw refuse.badRequest(
      'A StatusUpdateRequest names the order with DocumentReference payloadID of our OrderRequest',
    );
  }
  const order = await resolveOrder(trx, { orderId: null, payloadId: document.orderPayloadId }, context);
  await recordEvents(
    trx,
    order,
    [{ type: 'supplier_status', details: { code: document.code, text: document.text, message: document.message } }],
    context,
  );
  return [order.id];
}
