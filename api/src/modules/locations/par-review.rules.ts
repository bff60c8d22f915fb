/** The par review's window: the last 90 days of counts. */
export const PAR_REVIEW_DAYS = 90;

/** What the counts of one item in the window say. */
export interface ItemCountHistory {
  par: number;
  /** Counts of the location in the window that counted this item. */
  counts: number;
  /** Of those, the counts whose top-up ordered it. */
  ordered: number;
  /** The lowest on-hand figure counted, null when never counted. */
  min_on_hand: number | null;
}

export type ParSuggestion = 'raise' | 'lower' | null;

/**
 * Raise: the item was ordered on most counts (more than half of at least two) — the shelf runs
 * low between counts. Lower: counted, and never below 50 % of par — the par holds stock that is
 * not used. Otherwise nothing to suggest.
 */
export function parSuggestion(item: ItemCountHistory): ParSuggestion {
  if (item.counts >= 2 && item.ordered * 2 > item.counts) return 'raise';
  if (item.counts >= 1 && item.min_on_hand !== null && item.min_on_hand * 2 >= item.par) return 'lower';
  return null;
}
