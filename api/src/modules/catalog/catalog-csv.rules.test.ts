import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { REPO_ROOT } from '../../config.js';
import { CATEGORIES, EXPECTED_CATALOG_SIZE } from '../../contracts/catalog.js';
import { CatalogCsvError, parseCatalogCsv } from './catalog-csv.rules.js';

const csvText = readFileSync(path.join(REPO_ROOT, 'seeds', 'catalog.csv'), 'utf8');
const [header = '', firstRow = '', secondRow = ''] = csvText.split('\n');

function parseError(text: string): CatalogCsvError {
  try {
    parseCatalogCsv(text);
  } catch (error) {
    if (error instanceof CatalogCsvError) return error;
    throw error;
  }
  throw new Error('expected the CSV to be refused');
}

describe('seeds/catalog.csv', () => {
  const rows = parseCatalogCsv(csvText);

  it('holds the 154 products of the source of truth, across all eight categories', () => {
    expect(rows).toHaveLength(EXPECTED_CATALOG_SIZE);
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(CATEGORIES));
  });

  it('gives every product a unique ASIN, a UNSPSC code and a specs object', () => {
    expect(new Set(rows.map((row) => row.asin)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.unspsc).toMatch(/^\d{8}$/);
      expect(typeof row.specs).toBe('object');
    }
  });
});

describe('parseCatalogCsv refuses bad input, naming the line', () => {
  it('refuses a wrong header', () => {
    expect(parseError(`asin,title\n${firstRow}\n`).message).toMatch(/^line 1: the header must be exactly/);
  });

  it('refuses an invalid ASIN on its line', () => {
    const broken = firstRow.replace(/^B0[A-Z0-9]{8}/, 'NOT-AN-ASIN');
    expect(parseError(`${header}\n${secondRow}\n${broken}\n`).message).toMatch(/^line 3: asin must be an ASIN/);
  });

  it('refuses an unknown category', () => {
    const broken = secondRow.replace(
      /,(General Medical|Surgical Supplies|Personal Protection|Diagnostic Equipment|Injection Supplies|Wound Care|IV & Infusion|Catheters & Tubes),/,
      ',Toys,',
    );
    expect(parseError(`${header}\n${broken}\n`).message).toMatch(/^line 2: category/);
  });

  it('refuses a repeated ASIN', () => {
    expect(parseError(`${header}\n${firstRow}\n${firstRow}\n`).message).toMatch(
      /^line 3: asin .* repeats the one on line 2/,
    );
  });

  it('refuses a row with a missing column and an unterminated quote', () => {
    expect(parseError(`${header}\nB012345678,SKU-1,Title\n`).message).toBe('line 2: has 3 columns, the header has 14');
    expect(parseError(`${header}\n"B012345678,SKU-1\n`).message).toMatch(/malformed CSV/);
  });

  it('refuses an empty file and specs that are not a JSON object', () => {
    expect(parseError('').message).toBe('the file is empty');
    const badSpecs = firstRow.replace(/,"\{.*\}"$/, ',"[1,2]"');
    expect(parseError(`${header}\n${badSpecs}\n`).message).toMatch(/^line 2: specs must be a JSON object/);
  });
});
