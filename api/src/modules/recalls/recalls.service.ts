import { RECALL_CSV_FIELDS, type RecallLookup, type RecallQuery } from '../../contracts/recalls.js';
import { readForReport, type ServiceContext } from '../../context.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { readRecallKey } from '../barcodes/barcodes.service.js';
import { sendMail } from '../mail/mail.service.js';
import * as queries from './recalls.queries.js';

/**
 * The receipts of a recalled lot: the item by GTIN, ASIN or a scan of the pack (whose lot, when it
 * carries one, is used unless another is typed), then every receipt line of that lot — order,
 * where it was delivered, department, requester, who received it, when, how many.
 */
export async function lookUpRecall(ctx: ServiceContext, query: RecallQuery): Promise<RecallLookup> {
  const key = readRecallKey(query.code);
  if ('problem' in key) throw AppError.badRequest('RECALL_CODE_UNREADABLE', key.problem, { code: key.problem });
  const lot = query.lot || key.lot;
  if (!lot) {
    throw AppError.badRequest('RECALL_LOT_REQUIRED', 'Enter the recalled lot number.', { lot: 'Enter the lot number' });
  }
  // Reads only inside: the refusals below are answers, not failures to retry on the primary.
  const found = await readForReport(ctx, async (db) => {
    const product = await queries.selectRecallProduct(db, 'gtin' in key ? { gtin: key.gtin } : { asin: key.asin });
    return product && { product, rows: await queries.selectReceiptsOfLot(db, product.asin, lot) };
  });
  if (!found) {
    throw AppError.notFound(
      'gtin' in key ? `No product has the GTIN ${key.gtin}.` : `No product has the ASIN ${key.asin}.`,
      'RECALL_PRODUCT_NOT_FOUND',
    );
  }
  const { product, rows } = found;
  const receipts = rows.map((row) => ({ ...row, received_at: row.received_at.toISOString() }));
  return {
    asin: product.asin,
    title: product.title,
    lot,
    receipts,
    total_quantity: receipts.reduce((sum, receipt) => sum + receipt.quantity, 0),
  };
}

/** The lookup as CSV, every cell spreadsheet-safe; audited (it lists people). */
export async function exportRecall(
  ctx: ServiceContext,
  query: RecallQuery,
): Promise<{ fileName: string; csv: string }> {
  const lookup = await lookUpRecall(ctx, query);
  await recordAudit(ctx, {
    action: 'recall.export',
    targetType: 'product',
    targetId: lookup.asin,
    details: { lot: lookup.lot, receipts: lookup.receipts.length },
  });
  const safeLot = lookup.lot.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
  return {
    fileName: `recall-${lookup.asin}-${safeLot}.csv`,
    csv: toSpreadsheetSafeCsv(lookup.receipts, RECALL_CSV_FIELDS),
  };
}

/**
 * One action: every requester of an order that received the lot gets one e-mail naming the item,
 * the lot and their orders; recorded in the audit log with the count.
 */
export async function notifyRecall(
  ctx: ServiceContext,
  input: RecallQuery & { message?: string | undefined },
): Promise<{ notified: number; orders: number }> {
  // A notice must reach every requester, including one who received the lot a second ago: the
  // primary, never a replica that may be behind.
  const lookup = await lookUpRecall({ ...ctx, reports: undefined }, input);
  const ordersByRequester = new Map<string, Set<string>>();
  for (const receipt of lookup.receipts) {
    const orders = ordersByRequester.get(receipt.requester_email) ?? new Set<string>();
    orders.add(receipt.order_number);
    ordersByRequester.set(receipt.requester_email, orders);
  }
  for (const [email, orders] of ordersByRequester) {
    const list = [...orders].join(', ');
    await sendMail(ctx, {
      to: email,
      subject: `Recall: ${lookup.title}, lot ${lookup.lot}`,
      template: 'recall',
      text: [
        `The manufacturer has recalled lot ${lookup.lot} of ${lookup.title} (ASIN ${lookup.asin}).`,
        `Your order${orders.size === 1 ? '' : 's'} ${list} received units of this lot.`,
        'Stop using them, set them apart and follow your ward’s recall procedure.',
        ...(input.message ? ['', input.message] : []),
      ].join('\n'),
    });
  }
  const orderCount = new Set(lookup.receipts.map((receipt) => receipt.order_id)).size;
  await recordAudit(ctx, {
    action: 'recall.notify',
    targetType: 'product',
    targetId: lookup.asin,
    details: { lot: lookup.lot, requesters: ordersByRequester.size, orders: orderCount },
  });
  return { notified: ordersByRequester.size, orders: orderCount };
}
