import type { Db } from '../../../database/connection.js';
import { recordInboundInvoice } from '../../invoices/invoices.service.js';
import type { InvoiceDetailRead } from '../cxml-inbound/inbound-document.types.js';
import { resolveOrder, type ApplyContext } from './apply-context.js';

/** An invoice of an order we sent: recorded and matched by the invoices module. */
export async function applyInvoice(trx: Db, document: InvoiceDetailRead, context: ApplyContext): Promise<string[]> {
  const order = await resolveOrder(trx, document.orderReference, context);
  const recorded = await recordInboundInvoice(trx, {
    order,
    document,
    supplierIdentity: context.senderIdentity,
    inboundDocumentId: context.documentId,
    payloadId: context.payloadId,
    now: context.now,
  });
  if (recorded.statusUpdateId) context.statusUpdates.push(recorded.statusUpdateId);
  return [order.id];
}
