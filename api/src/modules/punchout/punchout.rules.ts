import { formatCents, toCents } from '../orders/order-pricing.rules.js';
import type { PunchOutOrderLine, PunchOutOrderMessageRead } from '../supplier/cxml/cxml-punchout.js';

/** How long the supplier's shop may keep a session open before its cart is no longer taken. */
export const PUNCHOUT_SESSION_MINUTES = 120;
export const MAX_RETURNED_LINES = 200;
const MAX_QUANTITY = 9999;
const MONEY = /^\d{1,10}(?:\.\d{1,2})?$/;
const UNIT_OF_MEASURE = /^[A-Za-z0-9]{1,8}$/;
const UNSPSC = /^\d{2,8}$/;
/** The UNSPSC segment for medical supplies, as for catalogue items without a code of their own. */
const DEFAULT_UNSPSC = '42000000';
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** A line of a returned cart, checked, as it enters the user's cart. */
export interface ReturnedCartLine extends PunchOutOrderLine {
  lineNumber: number;
  manufacturerName: string | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * The cXML of a browser form post: `cxml-urlencoded` holds the document itself (the form encoding
 * is undone by the body parser), `cxml-base64` holds it in base64 (UTF-8).
 */
export function returnedDocument(form: Record<string, unknown>): Checked<string> {
  const urlencoded = form['cxml-urlencoded'];
  const base64 = form['cxml-base64'];
  if (typeof urlencoded === 'string' && urlencoded.trim() !== '') return { ok: true, value: urlencoded };
  if (typeof base64 === 'string' && base64.trim() !== '') {
    if (!BASE64.test(base64)) return { ok: false, problem: 'The cxml-base64 field is not base64.' };
    return { ok: true, value: Buffer.from(base64, 'base64').toString('utf8') };
  }
  return { ok: false, problem: 'The form carries no cart: a cxml-urlencoded or cxml-base64 field is expected.' };
}

/**
 * The returned cart's lines, or the first problem: the cart must come from the supplier the portal
 * is set up with, in dollars, every line with a whole quantity, a part number, a price and a
 * description, and a Total equal to the sum of its lines (a document edited on its way through the
 * browser rarely keeps both in step).
 */
export function checkReturnedCart(
  message: PunchOutOrderMessageRead,
  expected: { supplierIdentity: string; currency: string },
): Checked<ReturnedCartLine[]> {
  if (message.fromIdentity !== expected.supplierIdentity) {
    return { ok: false, problem: 'The cart does not come from the supplier Supply Hub is set up with.' };
  }
  if (message.items.length > MAX_RETURNED_LINES) {
    return { ok: false, problem: `A returned cart may hold at most ${MAX_RETURNED_LINES} lines.` };
  }
  if (message.currency !== expected.currency || !message.total || !MONEY.test(message.total)) {
    return { ok: false, problem: `The cart's Total must be an amount in ${expected.currency}.` };
  }
  const lines: ReturnedCartLine[] = [];
  for (const [index, item] of message.items.entries()) {
    const checked = checkLine(item, index + 1, expected.currency);
    if (!checked.ok) return checked;
    lines.push(checked.value);
  }
  const sumCents = lines.reduce((sum, line) => sum + toCents(line.unitPrice) * line.quantity, 0);
  if (sumCents !== toCents(message.total)) {
    return {
      ok: false,
      problem: `The cart's Total (${dollars(toCents(message.total))}) does not match its lines (${dollars(sumCents)}).`,
    };
  }
  return { ok: true, value: lines };
}

function checkLine(
  item: PunchOutOrderMessageRead['items'][number],
  lineNumber: number,
  currency: string,
): Checked<ReturnedCartLine> {
  const refuse = (what: string): Checked<ReturnedCartLine> => ({ ok: false, problem: `Line ${lineNumber}: ${what}` });
  const quantity = Number(item.quantity);
  if (!item.quantity || !/^\d+$/.test(item.quantity.trim()) || quantity < 1 || quantity > MAX_QUANTITY) {
    return refuse(`the quantity must be a whole number from 1 to ${MAX_QUANTITY}.`);
  }
  const partId = item.supplierPartId?.trim() ?? '';
  if (partId === '' || partId.length > 100) return refuse('the SupplierPartID must have 1 to 100 characters.');
  const auxiliaryId = item.supplierPartAuxiliaryId?.trim() || null;
  if (auxiliaryId && auxiliaryId.length > 500)
    return refuse('the SupplierPartAuxiliaryID is longer than 500 characters.');
  if (item.currency !== currency || !item.unitPrice || !MONEY.test(item.unitPrice.trim())) {
    return refuse(`the unit price must be an amount in ${currency} with at most two decimals.`);
  }
  // No supplier gives an item away: a zero price was edited on its way through the browser.
  if (toCents(item.unitPrice.trim()) === 0) {
    return {
      ok: false,
      problem: `Line ${lineNumber} (${partId}): the unit price is $0.00; a quoted item has a price.`,
    };
  }
  const description = item.description?.trim() ?? '';
  if (description === '') return refuse('the Description is empty.');
  const unitOfMeasure = item.unitOfMeasure?.trim() ?? '';
  if (!UNIT_OF_MEASURE.test(unitOfMeasure)) return refuse('the UnitOfMeasure is not a unit code.');
  const unspsc = item.unspsc?.trim() || DEFAULT_UNSPSC;
  if (!UNSPSC.test(unspsc)) return refuse('the UNSPSC classification is not a code.');
  return {
    ok: true,
    value: {
      lineNumber,
      quantity,
      supplierPartId: partId,
      supplierPartAuxiliaryId: auxiliaryId,
      unitPrice: formatCents(toCents(item.unitPrice.trim())),
      description: description.slice(0, 500),
      unitOfMeasure: unitOfMeasure.toUpperCase(),
      unspsc,
      manufacturerName: item.manufacturerName?.trim().slice(0, 200) || null,
    },
  };
}

/** Why a session's cart is no longer taken, or null when it is open. */
export function sessionProblem(
  session: { returned_at: Date | null; expires_at: Date } | undefined,
  now: Date,
): string | null {
  if (!session) return 'This shopping session is not known to Supply Hub. Start again from your cart.';
  if (session.returned_at) return 'This cart was already returned to Supply Hub; nothing was added a second time.';
  if (session.expires_at.getTime() <= now.getTime()) {
    return 'This shopping session has expired. Start again from your cart with "Shop at supplier".';
  }
  return null;
}

function dollars(amountCents: number): string {
  return `$${formatCents(amountCents)}`;
}
