import type { Command } from 'commander';

import { rebuildKeptFulfilment } from '../../modules/admin-orders/admin-orders.service.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';

/** `npm run cli -- fulfilment:rebuild`: each sent order's kept fulfilment recomputed from the documents. */
export function registerFulfilmentCommands(program: Command): void {
  program
    .command('fulfilment:rebuild')
    .description(
      "Recompute each sent order's kept fulfilment (status, expected delivery, open backorders) the admin filters read",
    )
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const result = await rebuildKeptFulfilment(ctx);
        output.result(result, () => describeKeptFulfilmentRebuild(result));
      });
    });
}

/** The line an operator reads; `totals:rebuild` prints the same. */
export function describeKeptFulfilmentRebuild(result: Awaited<ReturnType<typeof rebuildKeptFulfilment>>): string {
  return `Order fulfilment rebuilt in ${result.duration_ms} ms: ${result.orders_corrected} orders corrected.`;
}
