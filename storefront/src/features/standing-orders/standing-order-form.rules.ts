import type { StandingOrder, StandingScheduleInput } from '@supply-hub/api/contracts';
import { MAX_LINE_QUANTITY } from '@supply-hub/api/contracts/cart.rules';

/** The schedule as the form holds it: both kinds' values kept, so switching back loses nothing. */
export interface ScheduleDraft {
  kind: 'weekly' | 'monthly';
  weekdays: number[];
  /** As typed; checked by the server (1 to 31). */
  day: string;
}

export function scheduleDraftOf(schedule?: StandingScheduleInput): ScheduleDraft {
  if (!schedule) return { kind: 'weekly', weekdays: [1], day: '1' };
  return schedule.kind === 'weekly'
    ? { kind: 'weekly', weekdays: [...schedule.weekdays], day: '1' }
    : { kind: 'monthly', weekdays: [1], day: String(schedule.day) };
}

export function scheduleOf(draft: ScheduleDraft): StandingScheduleInput {
  return draft.kind === 'weekly'
    ? { kind: 'weekly', weekdays: draft.weekdays }
    : { kind: 'monthly', day: Number(draft.day) };
}

/** One line of a standing order being edited; the quantity as typed. */
export interface EditLine {
  asin: string;
  title: string;
  quantity: string;
}

export const NO_LINES_MESSAGE = 'A standing order needs at least one item.';

export function editLinesOf(order: Pick<StandingOrder, 'lines'>): EditLine[] {
  return order.lines.map((line) => ({
    asin: line.asin,
    title: line.title ?? line.asin,
    quantity: String(line.quantity),
  }));
}

/** The typed quantity as a whole number of 1 to MAX_LINE_QUANTITY (the cart's limit), or undefined. */
export function parseQuantity(text: string): number | undefined {
  if (!/^\d+$/.test(text.trim())) return undefined;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? quantity : undefined;
}

export function quantityError(text: string): string | undefined {
  return parseQuantity(text) === undefined ? `Enter a whole number from 1 to ${MAX_LINE_QUANTITY}` : undefined;
}

/**
 * "Add my cart's items": a product already on the standing order gets the cart's quantity added to
 * its own (the server refuses a product listed twice); the others follow in the cart's order. A
 * quantity that is not a number yet counts as none. A sum past the limit is left for the quantity
 * check to point at, rather than cut down without a word.
 */
export function withCartLines(
  lines: readonly EditLine[],
  cartLines: readonly { asin: string; title: string; quantity: number }[],
): EditLine[] {
  const merged = lines.map((line) => ({ ...line }));
  for (const cartLine of cartLines) {
    const existing = merged.find((line) => line.asin === cartLine.asin);
    if (existing) {
      const typed = /^\d+$/.test(existing.quantity.trim()) ? Number(existing.quantity) : 0;
      existing.quantity = String(typed + cartLine.quantity);
    } else {
      merged.push({ asin: cartLine.asin, title: cartLine.title, quantity: String(cartLine.quantity) });
    }
  }
  return merged;
}

/** The lines to send, or what keeps them from being sent (none left, a quantity out of range). */
export function linesToSave(
  lines: readonly EditLine[],
): { lines: { asin: string; quantity: number }[] } | { error: string } {
  if (lines.length === 0) return { error: NO_LINES_MESSAGE };
  const saved: { asin: string; quantity: number }[] = [];
  for (const line of lines) {
    const quantity = parseQuantity(line.quantity);
    if (quantity === undefined) return { error: `Check the quantity of ${line.title}.` };
    saved.push({ asin: line.asin, quantity });
  }
  return { lines: saved };
}
