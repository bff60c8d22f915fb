import { readFile } from 'node:fs/promises';

import type { Command } from 'commander';

import type { CsvImportResult } from '../../contracts/csv-imports.js';
import { AppError } from '../../http/app-error.js';
import { CSV_IMPORTS, importCsv, type CsvImportName } from '../../modules/csv-imports/csv-imports.service.js';
import { CliInputError, createOutput, withServiceContext } from '../cli-runtime.js';

const WHAT: Record<CsvImportName, string> = {
  departments: 'departments (name, optional code, site, active)',
  budgets: 'budgets (department, period, amount, mode, optional alert_threshold)',
  users:
    'accounts (email, first_name, last_name, role, optional department, approved); each new one is mailed an invitation',
};

/**
 * `npm run cli -- departments:import <file> [--apply]`, `budgets:import`, `users:import`: the
 * back office's CSV imports. A dry run unless --apply; a file with a row in error writes nothing
 * and exits 1, every problem listed by line.
 */
export function registerImportCommands(program: Command): void {
  for (const name of Object.keys(CSV_IMPORTS) as CsvImportName[]) {
    program
      .command(`${name}:import`)
      .description(`Import ${WHAT[name]} from a CSV file; a dry run unless --apply`)
      .argument('<file>', 'the CSV file (docs/examples/ has one of each)')
      .option('--apply', 'write the rows (all or none); without it, only show what each row would do')
      .option('--json', 'machine-readable output')
      .action(async (file: string, options: { apply?: boolean; json?: boolean }) => {
        const output = createOutput(Boolean(options.json));
        const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
          throw new CliInputError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
        });
        await withServiceContext(async (ctx) => {
          let result: CsvImportResult;
          try {
            result = await importCsv(ctx, name, text, { dryRun: !options.apply });
          } catch (error) {
            if (!(error instanceof AppError) || error.code !== 'CSV_INVALID') throw error;
            const lines = Object.entries(error.errors ?? {}).map(([where, what]) => `  ${where}: ${what}`);
            throw new CliInputError([error.message, ...lines].join('\n'));
          }
          output.result(result, () => describeResult(name, result));
          if (!result.ok) process.exitCode = 1;
        });
      });
  }
}

function describeResult(name: CsvImportName, result: CsvImportResult): string {
  const rows = result.rows.map((row) => `  line ${row.line} ${row.outcome.padEnd(9)} ${row.key}: ${row.message}`);
  const counts = `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged, ${result.errors} with errors`;
  const verdict = !result.ok
    ? 'Nothing was written: fix the rows in error and run it again.'
    : result.dry_run
      ? `Dry run: nothing was written. Run it again with --apply to import the ${name}.`
      : `Imported (one transaction, audited).`;
  return [...rows, `${result.dry_run ? 'Would be: ' : ''}${counts}.`, verdict].join('\n');
}
