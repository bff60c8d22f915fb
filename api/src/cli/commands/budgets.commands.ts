import type { Command } from 'commander';

import { rebuildCommittedTotals } from '../../modules/budgets/budgets.service.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';

/** `npm run cli -- budgets:rebuild`: the budget check's running totals recomputed from the orders. */
export function registerBudgetCommands(program: Command): void {
  program
    .command('budgets:rebuild')
    .description("Recompute the orders' committed costs and the departments' hourly totals the budget check reads")
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const result = await rebuildCommittedTotals(ctx);
        output.result(result, () => describeCommittedTotalsRebuild(result));
      });
    });
}

/** The line an operator reads; `totals:rebuild` prints the same. */
export function describeCommittedTotalsRebuild(result: Awaited<ReturnType<typeof rebuildCommittedTotals>>): string {
  return `Budget committed totals rebuilt in ${result.duration_ms} ms: ${result.orders_corrected} orders corrected, ${result.hour_rows} department × hour rows.`;
}
