import type { ReceiptRequest, ShortShelfLifeLine } from '../../contracts/fulfilment.js';

/**
 * Short shelf life at receipt. Dates are calendar dates (YYYY-MM-DD); the receipt
 * date is the company's today, so a lot received late in the evening is judged on that day.
 */

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

/**
 * Whether a lot is short-dated: it expires before receipt date + the item's minimum days. An expired
 * lot is short whatever the minimum (0 days included: 0 asks for no remaining life, not for expired stock).
 */
export function checkShelfLife(
  receiptDate: string,
  expiryDate: string,
  minShelfLifeDays: number,
): { isShort: boolean; daysRemaining: number } {
  const daysRemaining = Math.round((toUtc(expiryDate) - toUtc(receiptDate)) / DAY_MS);
  return { isShort: daysRemaining < Math.max(0, minShelfLifeDays), daysRemaining };
}

/** What the receipt check knows of an order line: its item's title and minimum remaining shelf life. */
export interface LineShelfLife {
  title: string;
  min_shelf_life_days: number;
}

/** The receipt's short-dated lines, in request order. A line without an expiry date is never flagged. */
export function findShortShelfLife(
  lines: ReceiptRequest['lines'],
  shelfLives: ReadonlyMap<number, LineShelfLife>,
  receiptDate: string,
): ShortShelfLifeLine[] {
  const flagged: ShortShelfLifeLine[] = [];
  for (const [index, line] of lines.entries()) {
    const item = shelfLives.get(line.line_number);
    if (!line.expiry_date || !item) continue;
    const { isShort, daysRemaining } = checkShelfLife(receiptDate, line.expiry_date, item.min_shelf_life_days);
    if (!isShort) continue;
    flagged.push({
      index,
      line_number: line.line_number,
      title: item.title,
      lot: line.lot || null,
      expiry_date: line.expiry_date,
      days_remaining: daysRemaining,
      min_shelf_life_days: item.min_shelf_life_days,
    });
  }
  return flagged;
}

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

function describeLine(line: ShortShelfLifeLine): string {
  const lot = line.lot ? `Lot ${line.lot} of ${line.title}` : `The lot of ${line.title}`;
  const when =
    line.days_remaining < 0
      ? `expired on ${line.expiry_date}, ${days(-line.days_remaining)} ago`
      : line.days_remaining === 0
        ? `expires today (${line.expiry_date})`
        : `expires on ${line.expiry_date}, ${days(line.days_remaining)} from today`;
  const needs =
    line.min_shelf_life_days > 0 ? `this item needs at least ${days(line.min_shelf_life_days)}` : 'it is out of date';
  return `${lot} ${when}; ${needs}.`;
}

/** The 409's message: one sentence per flagged line, then what to do. */
export function shortShelfLifeMessage(flagged: readonly ShortShelfLifeLine[]): string {
  const confirm = flagged.length === 1 ? 'Confirm to receive it anyway.' : 'Confirm to receive them anyway.';
  return [...flagged.map(describeLine), confirm].join(' ');
}
