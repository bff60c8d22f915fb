import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';

import type { Command } from 'commander';

import { ACTIVE_CATALOG_EXPORT_COLUMNS, type CatalogAudit } from '../../contracts/catalog.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import {
  activeCatalogExportFileName,
  auditCatalog,
  bootstrapCatalog,
  listActiveCatalogForExport,
  reseedCatalog,
} from '../../modules/catalog/catalog.service.js';
import { CliInputError, createOutput, withServiceContext } from '../cli-runtime.js';
import { createProgress } from '../progress.js';
import { reportTimezone } from '../../modules/reports/report-timezone.js';

export function registerCatalogCommands(program: Command): void {
  program
    .command('catalog:bootstrap')
    .description('Reconcile the products table with seeds/catalog.csv (safe to repeat)')
    .option('--dry-run', 'show what would change without writing')
    .option('--json', 'machine-readable output')
    .action(async (options: { dryRun?: boolean; json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const progress = createProgress('Upserting products', !output.isJson);
        const result = await bootstrapCatalog(ctx, { dryRun: Boolean(options.dryRun), onProgress: progress.update });
        progress.stop();
        output.result(result, () =>
          [
            `${result.dry_run ? 'Dry run — nothing written. ' : ''}CSV rows: ${result.csv_count}`,
            `  upserted ${result.upserted_count} (new ${result.inserted_count}), reactivated ${result.reactivated_count}, deactivated ${result.deactivated_count}, protected ${result.order_protected_count}`,
            `  active products ${result.dry_run ? 'would be' : 'now'}: ${result.db_active_count}`,
          ].join('\n'),
        );
      });
    });

  program
    .command('catalog:audit')
    .description('Compare the catalogue CSV with the database (read only)')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const audit = await auditCatalog(ctx);
        output.result(audit, () => formatAudit(audit));
      });
    });

  program
    .command('catalog:reseed')
    .description('Correct product titles and prices that differ from the catalogue CSV')
    .option('--dry-run', 'list the corrections without writing')
    .option('--json', 'machine-readable output')
    .action(async (options: { dryRun?: boolean; json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const progress = createProgress('Correcting products', !output.isJson);
        const result = await reseedCatalog(ctx, { dryRun: Boolean(options.dryRun), onProgress: progress.update });
        progress.stop();
        output.result(result, () =>
          [
            `${result.dry_run ? 'Dry run — nothing written. ' : ''}Corrections: ${result.corrected_count}`,
            ...result.corrections.map((c) => `  ${c.asin}  ${c.price ?? '—'}  ${c.title}`),
          ].join('\n'),
        );
      });
    });

  program
    .command('catalog:export')
    .description('Export the active catalogue as active-catalog-{date}.csv (asin, sku, title, price, amazon_url)')
    .option('--out <file>', 'write to this file (default: active-catalog-{date}.csv in the current folder)')
    .option('--stdout', 'write the CSV to standard output')
    .option('--json', 'machine-readable summary')
    .action(async (options: { out?: string; stdout?: boolean; json?: boolean }) => {
      if (options.out && options.stdout) throw new CliInputError('choose either --out or --stdout, not both');
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const rows = await listActiveCatalogForExport(ctx);
        if (options.stdout) {
          await writeCsv(rows, process.stdout, !output.isJson);
          return;
        }
        const file = path.resolve(options.out ?? activeCatalogExportFileName(ctx.now(), await reportTimezone(ctx.db)));
        const stream = createWriteStream(file, 'utf8');
        await writeCsv(rows, stream, !output.isJson);
        await new Promise<void>((resolve, reject) => {
          stream.once('error', reject);
          stream.end(resolve);
        });
        output.result({ file, rows: rows.length }, () => `Wrote ${rows.length} products to ${file}`);
      });
    });
}

const EXPORT_BATCH_ROWS = 500;

/** Writes the export in batches, with a progress bar by rows written (on a terminal). */
async function writeCsv(
  rows: Awaited<ReturnType<typeof listActiveCatalogForExport>>,
  stream: NodeJS.WritableStream,
  showProgress: boolean,
): Promise<void> {
  const progress = createProgress('Exporting products', showProgress);
  progress.update(0, rows.length);
  for (let start = 0; start === 0 || start < rows.length; start += EXPORT_BATCH_ROWS) {
    const csv = toSpreadsheetSafeCsv(rows.slice(start, start + EXPORT_BATCH_ROWS), ACTIVE_CATALOG_EXPORT_COLUMNS);
    // Each batch's text starts with the header line; only the first batch keeps it.
    if (!stream.write(start === 0 ? csv : csv.slice(csv.indexOf('\n') + 1))) await once(stream, 'drain');
    progress.update(Math.min(start + EXPORT_BATCH_ROWS, rows.length), rows.length);
  }
  progress.stop();
}

function formatAudit(audit: CatalogAudit): string {
  const list = (asins: string[]) =>
    asins.length === 0
      ? 'none'
      : `${asins.slice(0, 10).join(', ')}${asins.length > 10 ? ` +${asins.length - 10} more` : ''}`;
  return [
    `Status: ${audit.status === 'perfect' ? 'Perfect Match' : 'Mismatch'} (${audit.timestamp})`,
    `CSV Products: ${audit.csv_count}   DB Active: ${audit.db_active_count}   DB Total: ${audit.db_total_count}   Protected: ${audit.order_protected_count}`,
    `Last Reconciliation${audit.last_reconciliation_at ? ` (${audit.last_reconciliation_at})` : ''}: upserted ${audit.upserted_count}, reactivated ${audit.reactivated_count}, deactivated ${audit.deactivated_count}, protected ${audit.order_protected_count}`,
    `Missing in DB: ${list(audit.missing_in_db)}`,
    `Extra in DB: ${list(audit.extra_in_db)}`,
    'Sample products:',
    ...audit.sample_products.map((p) => `  ${p.asin}  ${p.sku ?? '—'}  ${p.price ?? '—'}  ${p.title}`),
  ].join('\n');
}
