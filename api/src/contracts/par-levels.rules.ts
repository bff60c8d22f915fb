// Par levels (docs/par-levels.md): the top-up of a stock list from a count. Pure and without zod, so the
// storefront's count screen shows, live, exactly what the server will answer.

/**
 * One line of a location's stock list. `par`, `reorder_point` and a count's `on_hand` are in units
 * (eaches on the shelf); `pack_size` is the units in one orderable pack (the catalogue product).
 */
export interface StockListLine {
  asin: string;
  par: number;
  reorder_point: number | null;
  pack_size: number;
}

/** What was counted on the shelf, in units. */
export interface CountLine {
  asin: string;
  on_hand: number;
}

/** An order line of the top-up: `quantity` is in orderable packs, as the cart and orders count it. */
export interface TopUpLine {
  asin: string;
  quantity: number;
}

/**
 * Packs to order for one item: `max(0, par − on_hand)` units rounded up to whole packs; nothing
 * when a reorder point is set and the count is above it (a count equal to it is ordered).
 */
export function topUpPacks(line: StockListLine, onHand: number): number {
  if (line.reorder_point !== null && onHand > line.reorder_point) return 0;
  const missingUnits = Math.max(0, line.par - onHand);
  return Math.ceil(missingUnits / line.pack_size);
}

/** Counted asins that are not on the stock list, in the order counted (the count is refused). */
export function unknownCountAsins(stockList: readonly StockListLine[], counts: readonly CountLine[]): string[] {
  const listed = new Set(stockList.map((line) => line.asin));
  return [...new Set(counts.filter((count) => !listed.has(count.asin)).map((count) => count.asin))];
}

/** Asins counted more than once (the count is refused: which figure would be right?). */
export function repeatedCountAsins(counts: readonly CountLine[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const count of counts) {
    if (seen.has(count.asin)) repeated.add(count.asin);
    seen.add(count.asin);
  }
  return [...repeated];
}

/**
 * The top-up of a count, in the stock list's order: one line per counted item that needs at least
 * one pack. Items not counted are not ordered (nobody looked at them); counts of asins not on the
 * list are ignored here — check them first with `unknownCountAsins`.
 */
export function topUpLines(stockList: readonly StockListLine[], counts: readonly CountLine[]): TopUpLine[] {
  const onHand = new Map(counts.map((count) => [count.asin, count.on_hand]));
  const lines: TopUpLine[] = [];
  for (const line of stockList) {
    const counted = onHand.get(line.asin);
    if (counted === undefined) continue;
    const quantity = topUpPacks(line, counted);
    if (quantity > 0) lines.push({ asin: line.asin, quantity });
  }
  return lines;
}
