import type { Command } from 'commander';

import { savePunchoutSettings } from '../../modules/settings/settings.service.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';

export function registerSettingsCommands(program: Command): void {
  program
    .command('settings:punchout')
    .description('Set the punchout (cXML OrderRequest) target, identity and shared secret')
    .requiredOption('--url <url>', 'the supplier’s punchout/order URL')
    .requiredOption('--identity <identity>', 'our identity at the supplier')
    .requiredOption('--secret <secret>', 'the shared secret (stored encrypted; never printed)')
    .option('--test-url <url>', 'a separate URL for test mode')
    .option('--test-mode', 'send orders with deploymentMode="test"')
    .option('--json', 'machine-readable output')
    .action(
      async (options: {
        url: string;
        identity: string;
        secret: string;
        testUrl?: string;
        testMode?: boolean;
        json?: boolean;
      }) => {
        const output = createOutput(Boolean(options.json));
        await withServiceContext(async (ctx) => {
          const saved = await savePunchoutSettings(ctx, {
            punchout_url: options.url,
            test_punchout_url: options.testUrl ?? null,
            identity: options.identity,
            shared_secret: options.secret,
            test_mode: Boolean(options.testMode),
          });
          output.result(
            saved,
            () =>
              `Punchout settings saved (${saved.test_mode ? 'test' : 'production'} mode, ${saved.punchout_url}); the secret is stored encrypted.`,
          );
        });
      },
    );
}
