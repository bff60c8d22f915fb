import type { Command } from 'commander';

import { rebuildReportRollups } from '../../modules/reports/reports.service.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';

/** `npm run cli -- reports:rebuild`: the same service the benchmark calls after a bulk load. */
export function registerReportCommands(program: Command): void {
  program
    .command('reports:rebuild')
    .description(
      'Recompute the report rollups and the order counts from orders and order lines (after a bulk load or a TRUNCATE)',
    )
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const result = await rebuildReportRollups(ctx);
        output.result(result, () => describeReportRollupsRebuild(result));
      });
    });
}

/** The line an operator reads; `totals:rebuild` prints the same. */
export function describeReportRollupsRebuild(result: Awaited<ReturnType<typeof rebuildReportRollups>>): string {
  return `Report rollups rebuilt in ${result.duration_ms} ms: ${result.order_rows} day × state rows, ${result.product_rows} day × product rows; ${result.orders_counted} orders counted.`;
}
