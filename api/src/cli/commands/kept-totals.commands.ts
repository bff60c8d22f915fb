import type { Command } from 'commander';

import { rebuildKeptFulfilment } from '../../modules/admin-orders/admin-orders.service.js';
import { rebuildCommittedTotals } from '../../modules/budgets/budgets.service.js';
import { rebuildReportRollups } from '../../modules/reports/reports.service.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';
import { describeCommittedTotalsRebuild } from './budgets.commands.js';
import { describeKeptFulfilmentRebuild } from './fulfilment.commands.js';
import { describeReportRollupsRebuild } from './reports.commands.js';

/**
 * `npm run cli -- totals:rebuild`: after a bulk load with the triggers off, every total the triggers
 * keep is recomputed by one command, so no rebuild is forgotten; the three parts stay separate
 * commands for when one alone is in doubt.
 */
export function registerKeptTotalsCommands(program: Command): void {
  program
    .command('totals:rebuild')
    .description(
      'Recompute every kept total: budget committed costs, report rollups and order counts, and the kept fulfilment (after a bulk load)',
    )
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        // Each part commits on its own (no lock held across the three): a line per part as it
        // finishes shows how far a failed run got, and running the command again is safe.
        const say = (line: string) => {
          if (!output.isJson) process.stdout.write(`${line}\n`);
        };
        const budgets = await rebuildCommittedTotals(ctx);
        say(describeCommittedTotalsRebuild(budgets));
        const reports = await rebuildReportRollups(ctx);
        say(describeReportRollupsRebuild(reports));
        const fulfilment = await rebuildKeptFulfilment(ctx);
        say(describeKeptFulfilmentRebuild(fulfilment));
        if (output.isJson) output.result({ budgets, reports, fulfilment }, () => '');
      });
    });
}
