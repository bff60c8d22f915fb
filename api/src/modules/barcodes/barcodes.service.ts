import type { GtinImportResult, ProductGtin, ScanResult } from '../../contracts/barcodes.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as queries from './barcodes.queries.js';
import { readScan } from './gs1-scan.rules.js';
import { readGtinCsv, sameGtins, sortGtins } from './gtin-csv.rules.js';
import { readGtin } from './gtin.rules.js';

/** The GTINs of these products (admin product records), smallest pack first. */
export function gtinsOfProducts(db: Db, productIds: readonly string[]): Promise<Map<string, ProductGtin[]>> {
  return queries.selectGtinsOfProducts(db, productIds);
}

/**
 * GET /api/scan: a scan resolves to the product and packaging level its GTIN names, with the lot,
 * expiry and serial the element string carries. A malformed code or a wrong check digit is a 400,
 * a GTIN no active product carries a 404 — each with a message for the person holding the scanner.
 */
export async function resolveScan(ctx: ServiceContext, code: string): Promise<ScanResult> {
  const reading = readScan(code);
  if ('problem' in reading) throw AppError.badRequest('SCAN_UNREADABLE', reading.problem);
  const target = await queries.selectScanTarget(ctx.db, reading.code.gtin);
  if (!target?.active) {
    throw AppError.notFound(
      `No product in the catalogue has the barcode ${reading.code.gtin}. Search for the item instead, or ask an administrator to add this GTIN to it.`,
      'GTIN_NOT_FOUND',
    );
  }
  return { asin: target.asin, title: target.title, units: target.units, ...reading.code };
}

/**
 * The admin product form's GTIN list: each one checked and kept as 14 digits; one GTIN names one
 * product (409 naming the product that has it). Returns whether anything changed.
 */
export async function saveProductGtins(
  trx: Db,
  productId: string,
  input: readonly ProductGtin[],
  now: Date,
): Promise<boolean> {
  const errors: Record<string, string> = {};
  const gtins: ProductGtin[] = [];
  input.forEach((entry, index) => {
    const reading = readGtin(entry.gtin);
    if ('problem' in reading) errors[`gtins.${index}.gtin`] = reading.problem;
    else if (gtins.some((gtin) => gtin.gtin === reading.gtin)) errors[`gtins.${index}.gtin`] = 'is listed twice';
    else gtins.push({ gtin: reading.gtin, units: entry.units });
  });
  if (Object.keys(errors).length > 0) {
    throw new AppError(422, 'GTIN_INVALID', Object.values(errors)[0]!, errors);
  }
  const current = (await queries.selectGtinsOfProducts(trx, [productId])).get(productId) ?? [];
  if (sameGtins(current, gtins)) return false;
  const taken = (
    await queries.selectGtinOwners(
      trx,
      gtins.map((gtin) => gtin.gtin),
    )
  ).find((owner) => owner.product_id !== productId);
  if (taken) {
    throw AppError.conflict('GTIN_TAKEN', `GTIN ${taken.gtin} already belongs to ${taken.title} (${taken.asin}).`);
  }
  await queries.replaceProductGtins(trx, productId, sortGtins(gtins), now);
  return true;
}

/**
 * POST /api/admin/product-gtins/import: a CSV of asin, gtin, units gives every product it names
 * exactly the levels listed. A dry run (the default) lists what would change and writes nothing;
 * an unknown ASIN, a GTIN of another product or any bad row refuses the whole file.
 */
export async function importProductGtins(
  ctx: ServiceContext,
  csv: string,
  isDryRun: boolean,
): Promise<GtinImportResult> {
  const reading = readGtinCsv(csv);
  if ('problem' in reading)
    throw AppError.badRequest('GTIN_CSV_INVALID', `The GTIN file was not loaded: ${reading.problem}.`);
  return ctx.db.transaction(async (trx) => {
    const asins = [...reading.byAsin.keys()];
    const products = await queries.selectProductsByAsins(trx, asins);
    const unknown = asins.filter((asin) => !products.some((product) => product.asin === asin));
    if (unknown.length > 0) {
      throw new AppError(
        422,
        'GTIN_CSV_UNKNOWN_ASIN',
        `The GTIN file was not loaded: no product has the ASIN ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}.`,
      );
    }
    const allGtins = [...reading.byAsin.values()].flat().map((gtin) => gtin.gtin);
    const owners = await queries.selectGtinOwners(trx, allGtins);
    const productOfAsin = new Map(products.map((product) => [product.asin, product]));
    // A GTIN may move between two products the file names; one held by a product it leaves out may not.
    const claimedElsewhere = owners.find((owner) => !reading.byAsin.has(owner.asin));
    if (claimedElsewhere) {
      throw AppError.conflict(
        'GTIN_TAKEN',
        `The GTIN file was not loaded: GTIN ${claimedElsewhere.gtin} belongs to ${claimedElsewhere.title} (${claimedElsewhere.asin}), which the file does not name.`,
      );
    }
    const before = await queries.selectGtinsOfProducts(
      trx,
      products.map((product) => product.id),
    );
    const changes: GtinImportResult['changes'] = [];
    for (const [asin, gtins] of reading.byAsin) {
      const product = productOfAsin.get(asin)!;
      const current = before.get(product.id) ?? [];
      if (!sameGtins(current, gtins))
        changes.push({ asin, title: product.title, before: current, after: sortGtins(gtins) });
    }
    if (!isDryRun && changes.length > 0) {
      const now = ctx.now();
      // Cleared first, then written: a GTIN moving from one named product to another never meets itself.
      for (const change of changes) await queries.replaceProductGtins(trx, productOfAsin.get(change.asin)!.id, [], now);
      for (const change of changes)
        await queries.replaceProductGtins(trx, productOfAsin.get(change.asin)!.id, change.after, now);
      await recordAudit(
        ctx,
        {
          action: 'product.gtins.import',
          targetType: 'product',
          details: { products: changes.length, asins: changes.map((change) => change.asin).slice(0, 50) },
        },
        trx,
      );
    }
    return { dry_run: isDryRun, changes, unchanged: reading.byAsin.size - changes.length };
  });
}

/**
 * What a recall lookup is keyed by: a scan or a typed GTIN (with the lot a GS1 element string
 * carries), else an ASIN.
 */
export function readRecallKey(
  code: string,
): { gtin: string; lot: string | null } | { asin: string; lot: null } | { problem: string } {
  const text = code.trim();
  if (/^[A-Z0-9]{10}$/i.test(text) && /[A-Z]/i.test(text)) return { asin: text.toUpperCase(), lot: null };
  const reading = readScan(text);
  if ('problem' in reading) {
    return /^\d/.test(text) || text.startsWith('(') || text.startsWith(']') ? reading : { asin: text, lot: null };
  }
  return { gtin: reading.code.gtin, lot: reading.code.lot };
}
