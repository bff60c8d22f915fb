import type { Db } from '../../../database/connection.js';
import type { InboundDocumentRead } from '../cxml-inbound/inbound-document.types.js';
import type { ApplyContext } from './apply-context.js';
import { applyConfirmation } from './confirmation.applier.js';
import { applyInvoice } from './invoice.applier.js';
import { applyShipNotice } from './ship-notice.applier.js';
import { applyStatusUpdate } from './status-update.applier.js';

export type { ApplyContext } from './apply-context.js';

/** Applies a checked document with the applier of its kind; returns the orders it touched. */
export function applyInboundDocument(trx: Db, document: InboundDocumentRead, context: ApplyContext): Promise<string[]> {
  switch (document.kind) {
    case 'ConfirmationRequest':
      return applyConfirmation(trx, document, context);
    case 'ShipNoticeRequest':
      return applyShipNotice(trx, document, context);
    case 'InvoiceDetailRequest':
      return applyInvoice(trx, document, context);
    case 'StatusUpdateRequest':
      return applyStatusUpdate(trx, document, context);
  }
}

/** The text a supplier reads in the 200 answer. */
export function appliedMessage(document: InboundDocumentRead): string {
  if (document.kind === 'ConfirmationRequest') return 'Confirmation applied';
  if (document.kind === 'ShipNoticeRequest') {
    return document.operation === 'delete' ? 'Ship notice withdrawn' : 'Ship notice applied';
  }
  if (document.kind === 'InvoiceDetailRequest') {
    if (document.operation === 'delete') return 'Invoice withdrawn';
    return document.purpose === 'creditMemo' ? 'Credit memo received' : 'Invoice received';
  }
  return 'Status update recorded';
}
