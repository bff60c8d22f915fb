import type { Command } from 'commander';

import { listPendingMigrations, migrateToLatest, rollbackMigrations } from '../../database/migrations.js';
import { seedDemoData } from '../../modules/demo/demo.service.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';

export function registerDbCommands(program: Command): void {
  program
    .command('db:migrate')
    .description('Apply every pending database migration')
    .option('--dry-run', 'list the pending migrations without applying them')
    .option('--json', 'machine-readable output')
    .action(async (options: { dryRun?: boolean; json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(
        async (ctx) => {
          const names = options.dryRun
            ? await listPendingMigrations(ctx.db)
            : await migrateToLatest(ctx.db, { newDatabaseTimezone: ctx.config.companyTimezone });
          output.result({ dry_run: Boolean(options.dryRun), migrations: names }, () =>
            names.length === 0
              ? 'The database schema is up to date.'
              : `${options.dryRun ? 'Pending' : 'Applied'}:\n${names.map((name) => `  ${name}`).join('\n')}`,
          );
        },
        { migrate: false },
      );
    });

  program
    .command('db:rollback')
    .description('Roll back the last batch of migrations (or all of them)')
    .option('--all', 'roll back every migration')
    .option('--json', 'machine-readable output')
    .action(async (options: { all?: boolean; json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(
        async (ctx) => {
          const names = await rollbackMigrations(ctx.db, { all: Boolean(options.all) });
          output.result({ migrations: names }, () =>
            names.length === 0
              ? 'Nothing to roll back.'
              : `Rolled back:\n${names.map((name) => `  ${name}`).join('\n')}`,
          );
        },
        { migrate: false },
      );
    });

  program
    .command('db:seed')
    .description('Load the demo accounts, addresses and orders (once per database)')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const result = await seedDemoData(ctx);
        output.result(result, () =>
          result.seeded
            ? `Demo data loaded: ${result.users} accounts, ${result.orders} orders.`
            : 'Demo data was already loaded; nothing changed.',
        );
      });
    });
}
