const DAY_MS = 86_400_000;

/** Days from the demo's today to each lot's expiry: one expired last week, the others soon and later. */
const EXPIRY_OFFSETS = [-4, 9, 26, 48, 75] as const;

/** How many lots each demo location receives. */
export const DEMO_LOTS_PER_LOCATION = EXPIRY_OFFSETS.length;

/**
 * A location's `index`-th demo lot (0-based): its name, its expiry from `today` (YYYY-MM-DD) and how
 * many units of the line it receives (a few, never more than are still to receive).
 */
export function demoLot(
  locationName: string,
  index: number,
  today: string,
  stillToReceive: number,
): { lot: string; expiry_date: string; quantity: number } | null {
  const offset = EXPIRY_OFFSETS[index];
  if (offset === undefined || stillToReceive < 1) return null;
  const prefix = locationName
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
  return {
    lot: `DEMO-${prefix}-${String(index + 1).padStart(2, '0')}`,
    expiry_date: new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10),
    quantity: Math.min(stillToReceive, 1 + (index % 3)),
  };
}
