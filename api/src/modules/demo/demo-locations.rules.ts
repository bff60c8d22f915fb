import { gs1CheckDigit } from '../barcodes/gtin.rules.js';

/** The GS1 company prefix of GS1's own examples: no real article carries these GTINs. */
const EXAMPLE_COMPANY_PREFIX = '0614141';
const BOX_UNITS = 10;

export interface DemoLocationPlan {
  name: string;
  /** A demo user's department (seeds/demo-data.json), so its nurse or doctor can count it. */
  department: string;
  stockList: { asin: string; par: number; reorder_point: number | null; pack_size: number }[];
}

/**
 * Two ward locations for the demo: the pediatrics par cart the demo nurse counts and the
 * emergency store room of the demo doctor, each over a slice of the catalogue (in ASIN order, so the
 * same on every start) with varied par levels, reorder points and pack sizes.
 */
export function planDemoLocations(asins: readonly string[]): DemoLocationPlan[] {
  const line = (asin: string, index: number) => ({
    asin,
    par: 10 + (index % 4) * 10,
    reorder_point: index % 3 === 0 ? 5 : null,
    pack_size: index % 2 === 1 ? 6 : 1,
  });
  return [
    { name: 'Pediatrics par cart', department: 'Pediatrics', stockList: asins.slice(0, 10).map(line) },
    { name: 'Emergency store room', department: 'Emergency', stockList: asins.slice(10, 22).map(line) },
  ].filter((location) => location.stockList.length > 0);
}

/**
 * GTINs for the pediatrics cart's items, so a scan works in the demo: each item's own GTIN-13 and
 * a box of ten (GTIN-14, indicator 1), as the CSV the GTIN import reads.
 */
export function demoGtinCsv(asins: readonly string[]): string {
  const rows = asins.slice(0, 10).flatMap((asin, index) => {
    const itemReference = String(10_000 + index).padStart(5, '0');
    const each = `${EXAMPLE_COMPANY_PREFIX}${itemReference}`;
    const box = `1${EXAMPLE_COMPANY_PREFIX}${itemReference}`;
    return [`${asin},${each}${gs1CheckDigit(each)},1`, `${asin},${box}${gs1CheckDigit(box)},${BOX_UNITS}`];
  });
  return ['asin,gtin,units', ...rows].join('\n');
}
