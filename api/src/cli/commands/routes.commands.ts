import type { Command } from 'commander';

import { createPortal } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDb } from '../../database/connection.js';
import { describePolicy, listRoutes } from '../../http/route-inventory.js';
import { createLogger } from '../../logger.js';
import { createOutput } from '../cli-runtime.js';

export function registerRouteCommands(program: Command): void {
  program
    .command('routes:list')
    .description('List every API route with its access policy (public, signed-in, owner, roles)')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      // The app is only built to read its router: this handle never connects.
      const db = createDb('postgres://inventory@127.0.0.1:1/none');
      const portal = createPortal({
        db,
        config: loadConfig(process.env, { isCli: true }),
        log: createLogger('silent'),
      });
      const routes = listRoutes(portal.apiRouter).map((route) => ({
        ...route,
        access: describePolicy(route.policy),
      }));
      output.result(routes, () =>
        routes.map((route) => `${route.method.padEnd(6)} ${route.path.padEnd(42)} ${route.access}`).join('\n'),
      );
      await portal.close();
      await db.destroy();
    });
}
