import type { Command } from 'commander';

import type { PunchoutSettingsView, SupplierTestOrderResult } from '../../contracts/settings.js';
import { saveInboundSupplierCredentials, savePunchoutSettings } from '../../modules/settings/settings.service.js';
import { sendTestOrderRequest } from '../../modules/supplier/supplier-test-order.service.js';
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
  supplierIdentity?: string;
  json?: boolean;
};

export function registerSettingsCommands(program: Command): void {
  registerSupplierTestCommand(program);
  const punchout = program
    .command('settings:punchout')
    .description(
      'Set the punchout (cXML OrderRequest) target, identity and shared secret, and/or the supplier’s inbound credentials',
    )
    .option(
      '--url <url>',
      'the supplier’s order URL: approved orders are POSTed there as cXML OrderRequests (with --identity); its host:port must be in SUPPLIER_ALLOWED_HOSTS',
    )
    .option('--identity <identity>', 'our identity at the supplier, the cXML From and Sender credential (with --url)')
    .option(
      '--supplier-identity <identity>',
      'the supplier’s identity, the cXML To credential (default: SUPPLIER_IDENTITY until one is saved; "" goes back to it)',
    );
  // Secrets are stored encrypted and never printed; from standard input, the outbound one comes first.
  addSecretOption(punchout, SHARED_SECRET)
    .option(
      '--test-url <url>',
      'where orders go in test mode instead of --url (the supplier’s test endpoint); without it, test mode uses --url',
    )
    .option(
      '--test-mode',
      'test mode: orders are sent with deploymentMode="test" (the supplier does not fulfil them) to --test-url, or --url; without this flag the settings are saved in production mode, and a URL outside SUPPLIER_ALLOWED_HOSTS is refused',
    )
    .option(
      '--inbound-identity <identity>',
      'the supplier’s identity on the documents it sends back (/api/cxml/inbound)',
    );
  addSecretOption(punchout, INBOUND_SECRET)
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  Test first, against the supplier’s test endpoint (orders are marked deploymentMode="test"):',
        '    printf %s "$SECRET" | npm run cli -- settings:punchout --url https://supplier.example/cxml/order \\',
        '      --test-url https://test.supplier.example/cxml/order --identity OUR-ID --secret-stdin --test-mode',
        '    npm run cli -- supplier:test',
        '  Then production: the same command without --test-mode.',
        '    npm run cli -- settings:punchout --url https://supplier.example/cxml/order --identity OUR-ID --secret-stdin',
      ].join('\n'),
    )
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
              ...(options.supplierIdentity === undefined ? {} : { supplier_identity: options.supplierIdentity }),
              ...inbound,
            })
          : await saveInboundSupplierCredentials(ctx, inbound);
        output.result(saved, () => describeSaved(saved, hasOutbound));
      });
    });
}

/**
 * `npm run cli -- supplier:test`: the back office's "Send a test OrderRequest" — one OrderRequest in
 * deploymentMode "test" to the configured supplier, and its answer. Exit 0 only when it was accepted.
 */
function registerSupplierTestCommand(program: Command): void {
  program
    .command('supplier:test')
    .description(
      'Send a test OrderRequest (deploymentMode="test", one line, to --test-url or else --url of settings:punchout) to the supplier and print its answer',
    )
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      const result = await withServiceContext((ctx) => sendTestOrderRequest(ctx));
      output.result(result, () => describeTestOrder(result));
      if (!result.ok) process.exitCode = 1;
    });
}

function describeTestOrder(result: SupplierTestOrderResult): string {
  const answer =
    result.http_status === null
      ? 'no answer'
      : `HTTP ${result.http_status}, cXML ${result.cxml_status_code ?? '-'} ${result.cxml_status_text ?? ''}`.trim() +
        (result.cxml_message ? `: ${result.cxml_message}` : '');
  const head = `Test OrderRequest ${result.order_id ?? ''} to ${result.target_url ?? '(no URL)'}: ${answer}.`;
  return result.ok ? `${head} The supplier accepted it.` : `${head}\n${result.error ?? 'Not accepted.'}`;
}

function describeSaved(saved: PunchoutSettingsView, hasOutbound: boolean): string {
  const outbound = hasOutbound
    ? `Punchout settings saved (${saved.test_mode ? 'test' : 'production'} mode, ${saved.punchout_url}); the secret is stored encrypted.`
    : '';
  const inbound = saved.inbound_identity
    ? ` Inbound documents accepted from ${saved.inbound_identity}; the inbound secret is stored encrypted.`
    : '';
  const warnings = saved.problems.map((problem) => `\nWarning: ${problem.message}`).join('');
  return `${(outbound + inbound).trim()} Supplier identity (To): ${saved.supplier_identity}${
    saved.supplier_identity_is_default ? ' (the SUPPLIER_IDENTITY default)' : ''
  }.${warnings}`;
}
