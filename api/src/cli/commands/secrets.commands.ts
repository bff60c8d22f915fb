import type { Command } from 'commander';

import { reencryptStoredSecrets } from '../../modules/secrets/secret-rotation.service.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';

export function registerSecretsCommands(program: Command): void {
  program
    .command('secrets:reencrypt')
    .description(
      'Re-seal the stored secrets (punchout shared secret, TOTP factors) from OLD_SETTINGS_ENCRYPTION_KEY to SETTINGS_ENCRYPTION_KEY',
    )
    .option('--dry-run', 'count what would be re-sealed without changing anything')
    .option('--json', 'machine-readable output')
    .action(async (options: { dryRun?: boolean; json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      // From the environment, never an argument: arguments show in the process list.
      const oldKey = process.env.OLD_SETTINGS_ENCRYPTION_KEY ?? '';
      await withServiceContext(async (ctx) => {
        const result = await reencryptStoredSecrets(ctx, oldKey, { dryRun: Boolean(options.dryRun) });
        output.result(
          result,
          () =>
            `${result.dry_run ? 'Would re-seal' : 'Re-sealed'} ${result.reencrypted} of ${result.found} stored secrets under the new key` +
            (result.already_current > 0 ? ` (${result.already_current} already under it)` : '') +
            '.',
        );
      });
    });
}
