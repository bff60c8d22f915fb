import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { REPO_ROOT } from '../../config.js';
import { parseCatalogCsv } from '../catalog/catalog-csv.rules.js';
import { demoGtinCsv } from './demo-locations.rules.js';

const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const catalog = parseCatalogCsv(readFileSync(path.join(REPO_ROOT, 'seeds', 'catalog.csv'), 'utf8'));

describe("the README's table of the demo's GTINs", () => {
  it('lists every GTIN the demo writes, each on the row of its item, and no other', () => {
    // The demo reads the active products in ASIN order (every product of the seed CSV is active).
    const asins = catalog.map((product) => product.asin).sort();
    const titleOf = new Map(catalog.map((product) => [product.asin, product.title]));
    const written = demoGtinCsv(asins)
      .split('\n')
      .slice(1)
      .map((row) => row.split(',') as [string, string, string]);
    expect(written).toHaveLength(20);
    const rows = readme.split('\n').filter((line) => /^\| `\d{13,14}`/.test(line));
    expect(rows).toHaveLength(written.length / 2);
    for (const [asin, gtin] of written) {
      const row = rows.find((line) => line.includes(`\`${gtin}\``));
      expect(row).toContain(`${titleOf.get(asin)} (\`${asin}\`)`);
    }
  });
});
