import { readFile } from 'node:fs/promises';

import type { Command } from 'commander';

import { addSsoProvider, listSsoProviders } from '../../modules/sso/sso-providers.service.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';

export function registerSsoCommands(program: Command): void {
  program
    .command('sso:add-provider')
    .description('Add or update a SAML identity provider, chosen by the e-mail domains it serves')
    .requiredOption('--id <id>', 'provider id, e.g. okta_sso')
    .requiredOption('--entity-id <entityId>', "the identity provider's entity id (issuer)")
    .requiredOption(
      '--domain <domain>',
      'an e-mail domain it serves; repeat for several',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .requiredOption('--entry-point <url>', "the identity provider's single sign-on URL")
    .requiredOption('--cert-file <file>', "PEM file with the identity provider's signing certificate")
    .option('--json', 'machine-readable output')
    .action(
      async (options: {
        id: string;
        entityId: string;
        domain: string[];
        entryPoint: string;
        certFile: string;
        json?: boolean;
      }) => {
        const output = createOutput(Boolean(options.json));
        const certificatePem = await readFile(options.certFile, 'utf8').catch(() => {
          throw new Error(`cannot read the certificate file ${options.certFile}`);
        });
        await withServiceContext(async (ctx) => {
          const provider = await addSsoProvider(ctx, {
            id: options.id,
            entityId: options.entityId,
            domains: options.domain,
            entryPoint: options.entryPoint,
            certificatePem,
          });
          output.result(provider, () => `Saved SSO provider ${provider.id} for ${provider.domains.join(', ')}.`);
        });
      },
    );

  program
    .command('sso:list')
    .description('List the configured SSO providers')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const providers = await listSsoProviders(ctx);
        output.result(providers, () =>
          providers.length === 0
            ? 'No SSO providers are configured.'
            : providers
                .map(
                  (p) =>
                    `${p.id.padEnd(16)} ${p.is_enabled ? 'enabled ' : 'disabled'} ${p.domains.join(', ')}\n    entity ${p.entity_id}\n    entry  ${p.entry_point ?? '—'}`,
                )
                .join('\n'),
        );
      });
    });
}
