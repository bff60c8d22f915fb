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
