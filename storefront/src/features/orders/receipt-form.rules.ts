import type { ScanResult } from '@supply-hub/api/contracts/barcodes';
import type { FulfilmentLine, ReceiptRequest } from '@supply-hub/api/contracts/fulfilment';

export type ReceiptCondition = ReceiptRequest['lines'][number]['condition'];
/** What POST /api/orders/:id/receipts takes for a line; the condition defaults to 'ok' on the server. */
export type ReceiptLineInput = Pick<ReceiptRequest['lines'][number], 'line_number' | 'quantity'> &
  Partial<Omit<ReceiptRequest['lines'][number], 'line_number' | 'quantity'>>;

/** One line of the "Receive part" form, as typed. */
export interface LineDraft {
  quantity: string;
  condition: ReceiptCondition;
  note: string;
  lot: string;
  expiry_date: string;
}

export const CONDITION_LABELS: Record<ReceiptCondition, string> = { ok: 'OK', damaged: 'Damaged', short: 'Short' };

/** A line's first draft: nothing counted yet; lot and expiry pre-filled from the ship notice (its first lot). */
export function draftFor(lots: FulfilmentLine['lots']): LineDraft {
  const [first] = lots;
  return { quantity: '', condition: 'ok', note: '', lot: first?.lot ?? '', expiry_date: first?.expiry_date ?? '' };
}

/** What is wrong with a typed quantity, or null (an empty field means the line is not received now). */
export function quantityProblem(value: string, remaining: number): string | null {
  if (value.trim() === '') return null;
  const quantity = Number(value);
  if (!Number.isInteger(quantity) || quantity < 1) return 'Enter a whole number of at least 1';
  if (quantity > remaining) return `At most ${remaining}`;
  return null;
}

/**
 * The receipt's lines: every line with a quantity, with the condition, and the note, lot and expiry
 * only when given. Null when a quantity is wrong or none is given.
 */
export function receiptLinesOf(
  drafts: Readonly<Record<number, LineDraft>>,
  remaining: readonly { line_number: number; quantity: number }[],
): ReceiptLineInput[] | null {
  const lines: ReceiptLineInput[] = [];
  for (const line of remaining) {
    const draft = drafts[line.line_number];
    if (!draft || draft.quantity.trim() === '') continue;
    if (quantityProblem(draft.quantity, line.quantity)) return null;
    lines.push({
      line_number: line.line_number,
      quantity: Number(draft.quantity),
      condition: draft.condition,
      ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
      ...(draft.lot.trim() ? { lot: draft.lot.trim() } : {}),
      ...(draft.expiry_date ? { expiry_date: draft.expiry_date } : {}),
    });
  }
  return lines.length > 0 ? lines : null;
}

/**
 * Where a scanned label belongs in the form: the line still to receive of the scanned
 * product — of two such lines, the one whose ship notice names the label's lot — or why none:
 * the product is on the order but all of it has been received, or it is not on the order at all.
 */
export function lineOfScan(
  orderLines: readonly Pick<FulfilmentLine, 'line_number' | 'asin' | 'lots'>[],
  remaining: readonly { line_number: number }[],
  scan: Pick<ScanResult, 'asin' | 'lot'>,
): number | 'received' | 'not_on_order' {
  const ofProduct = orderLines.filter((line) => line.asin === scan.asin);
  if (ofProduct.length === 0) return 'not_on_order';
  const open = ofProduct.filter((line) => remaining.some((entry) => entry.line_number === line.line_number));
  const line = open.find((entry) => entry.lots.some((lot) => lot.lot !== null && lot.lot === scan.lot)) ?? open[0];
  return line ? line.line_number : 'received';
}

/**
 * A line's draft once its label is scanned: the label's lot and expiry replace what was there (the
 * ship notice's guess), what the label lacks is kept. A single item's label takes an untouched line
 * into the receipt with a quantity of 1; a pack's label (units > 1) says nothing of how many packs
 * came, so the quantity is left to the receiver.
 */
export function withScan(draft: LineDraft, scan: Pick<ScanResult, 'units' | 'lot' | 'expiry'>): LineDraft {
  return {
    ...draft,
    quantity: scan.units === 1 && draft.quantity.trim() === '' ? '1' : draft.quantity,
    lot: scan.lot ?? draft.lot,
    expiry_date: scan.expiry ?? draft.expiry_date,
  };
}

/** What the receiver is told of a scan, by where it belongs (lineOfScan). */
export function scanNoteOf(
  scan: Pick<ScanResult, 'title' | 'units' | 'lot' | 'expiry'>,
  target: ReturnType<typeof lineOfScan>,
): { severity: 'success' | 'warning'; text: string } {
  if (target === 'not_on_order') return { severity: 'warning', text: `${scan.title} is not on this order.` };
  if (target === 'received') {
    return { severity: 'warning', text: `${scan.title} has been received in full already.` };
  }
  const read = [scan.lot === null ? '' : `lot ${scan.lot}`, scan.expiry === null ? '' : `expires ${scan.expiry}`]
    .filter(Boolean)
    .join(', ');
  const pack = scan.units > 1 ? ` The label is for a pack of ${scan.units}: enter the quantity received.` : '';
  return {
    severity: 'success',
    text: `Scanned ${scan.title}: ${read || 'the label has no lot or expiry'}.${pack}`,
  };
}
