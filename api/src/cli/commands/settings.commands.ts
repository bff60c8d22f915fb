import type { Command } from 'commander';

import { savePunchoutSettings } from '../../modules/settings/settings.service.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';
import { addSecretOption, readSecret, type SecretSpec } from '../secret-input.js';

const SHARED_SECRET: SecretSpec = { name: 'secret', label: 'the shared secret', hasLegacyFlag: true };

export function registerSettingsCommands(program: Command): void {
  const punchout = program
    .command('settings:punchout')
    .description('Set the punchout (cXML OrderRequest) target, identity and shared secret')
    .requiredOption('--url <url>', 'the supplier’s punchout/order URL')
    .requiredOption('--identity <identity>', 'our identity at the supplier');
  // The secret is stored encrypted and never printed.
  addSecretOption(punchout, SHARED_SECRET)
    .option('--test-url <url>', 'a separate URL for test mode')
    .option('--test-mode', 'send orders with deploymentMode="test"')
    .option('--json', 'machine-readable output')
    .action(
      async (options: {
        url: string;
        identity: string;
        secret?: string;
        secretStdin?: boolean;
        testUrl?: string;
        testMode?: boolean;
        json?: boolean;
      }) => {
        const output = createOutput(Boolean(options.json));
        const sharedSecret = await readSecret(options, SHARED_SECRET);
        await withServiceContext(async (ctx) => {
          const saved = await savePunchoutSettings(ctx, {
            punchout_url: options.url,
            test_punchout_url: options.testUrl ?? null,
            identity: options.identity,
            shared_secret: sharedSecret,
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
