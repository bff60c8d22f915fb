import { X509Certificate } from 'node:crypto';

import {
  DISCOVERY_FALLBACK_CHAIN,
  ssoProviderInputSchema,
  type SsoDiscovery,
  type SsoProviderInput,
} from '../../contracts/sso.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as queries from './sso-providers.queries.js';

export async function addSsoProvider(ctx: ServiceContext, rawInput: SsoProviderInput) {
  const input = ssoProviderInputSchema.parse(rawInput);
  try {
    new X509Certificate(input.certificatePem);
  } catch {
    throw AppError.badRequest(
      'INVALID_CERTIFICATE',
      'The identity provider certificate is not a PEM X.509 certificate',
    );
  }
  await ctx.db.transaction(async (trx) => {
    await queries.upsertSsoProvider(
      trx,
      {
        id: input.id,
        entity_id: input.entityId,
        domains: input.domains,
        entry_point: input.entryPoint,
        idp_certificate: input.certificatePem,
      },
      ctx.now(),
    );
    await recordAudit(
      ctx,
      {
        action: 'sso.provider.save',
        targetType: 'sso_provider',
        targetId: input.id,
        details: { domains: input.domains },
      },
      trx,
    );
  });
  return { id: input.id, entity_id: input.entityId, domains: input.domains, entry_point: input.entryPoint };
}

export async function listSsoProviders(ctx: ServiceContext) {
  const rows = await queries.selectSsoProviders(ctx.db);
  return rows.map(({ idp_certificate: certificate, ...row }) => ({ ...row, has_certificate: Boolean(certificate) }));
}

/** The provider for an e-mail: its domain first, then the fallback chain; which step matched is reported. */
export async function discoverSsoProvider(ctx: ServiceContext, email: string): Promise<SsoDiscovery> {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  const byDomain = domain ? await queries.selectSsoProviderByDomain(ctx.db, domain) : undefined;
  if (byDomain)
    return { provider_id: byDomain.id, matched_by: 'domain' as const, chain: ['domain', ...DISCOVERY_FALLBACK_CHAIN] };
  for (const fallback of DISCOVERY_FALLBACK_CHAIN) {
    const provider = await queries.selectSsoProvider(ctx.db, fallback);
    if (provider)
      return { provider_id: provider.id, matched_by: fallback, chain: ['domain', ...DISCOVERY_FALLBACK_CHAIN] };
  }
  return { provider_id: null, matched_by: null, chain: ['domain', ...DISCOVERY_FALLBACK_CHAIN] };
}
