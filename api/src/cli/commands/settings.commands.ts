import type { Command } from 'commander';

import type { PunchoutSettingsView } from '../../contracts/settings.js';
import { saveInboundSupplierCredentials, savePunchoutSettings } from '../../modules/settings/settings.service.js';
import { CliInputError, createOutput, withServiceContext } from '../cli-runtime.js';
import { addSecretOption, readSecret, type SecretSpec } from '../secret-input.js';

const SHARED_SECRET: SecretSpec = { name: 'secret', label: 'the shared secret', hasLegacyFlag: true };
const INBOUND_SECRET: SecretSpec = { name: 'inbound-secret', label: 'the inbound shared secret' };

type PunchoutOptions = {
  url?: string;
  identity?: string;
  secret?: string;
  secretStdin?: boolean;
  testUrl?: string;
  testMode?: boolean;
  inboundIdentity?: string;
  inboundSecretStdin?: boolean;
  json?: boolean;
};

export function registerSettingsCommands(program: Command): void {
  const punchout = program
    .command('settings:punchout')
    .description(
      'Set the punchout (cXML OrderRequest) target, identity and shared secret, and/or the supplier’s inbound credentials',
    )
    .option('--url <url>', 'the supplier’s punchout/order URL (with --identity)')
    .option('--identity <identity>', 'our identity at the supplier (with --url)');
  // Secrets are stored encrypted and never printed; from standard input, the outbound one comes first.
  addSecretOption(punchout, SHARED_SECRET)
    .option('--test-url <url>', 'a separate URL for test mode')
    .option('--test-mode', 'send orders with deploymentMode="test"')
    .option(
      '--inbound-identity <identity>',
      'the supplier’s identity on the documents it sends back (/api/cxml/inbound)',
    );
  addSecretOption(punchout, INBOUND_SECRET)
    .option('--json', 'machine-readable output')
    .action(async (options: PunchoutOptions) => {
      const output = createOutput(Boolean(options.json));
      const hasOutbound = options.url !== undefined || options.identity !== undefined;
      if (hasOutbound && (options.url === undefined || options.identity === undefined)) {
        throw new CliInputError('settings:punchout: --url and --identity go together');
      }
      if (!hasOutbound && options.inboundIdentity === undefined) {
        throw new CliInputError('settings:punchout: give --url and --identity, or --inbound-identity (or both)');
      }
      const sharedSecret = hasOutbound ? await readSecret(options, SHARED_SECRET) : undefined;
      const inbound =
        options.inboundIdentity === undefined
          ? {}
          : {
              inbound_identity: options.inboundIdentity,
              inbound_shared_secret: await readSecret(options, INBOUND_SECRET),
            };
      await withServiceContext(async (ctx) => {
        const saved = hasOutbound
          ? await savePunchoutSettings(ctx, {
              punchout_url: options.url,
              test_punchout_url: options.testUrl ?? null,
              identity: options.identity,
              shared_secret: sharedSecret,
              test_mode: Boolean(options.testMode),
              ...inbound,
            })
          : await saveInboundSupplierCredentials(ctx, inbound);
        output.result(saved, () => describeSaved(saved, hasOutbound));
      });
    });
}

function describeSaved(saved: PunchoutSettingsView, hasOutbound: boolean): string {
  const outbound = hasOutbound
    ? `Punchout settings saved (${saved.test_mode ? 'test' : 'production'} mode, ${saved.punchout_url}); the secret is stored encrypted.`
    : '';
  const inbound = saved.inbound_identity
    ? ` Inbound documents accepted from ${saved.inbound_identity}; the inbound secret is stored encrypted.`
    : '';
  return (outbound + inbound).trim();
}
