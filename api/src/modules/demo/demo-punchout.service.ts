import { randomBytes } from 'node:crypto';

import type { ServiceContext } from '../../context.js';
import { encryptSecret } from '../../crypto/secret-box.js';
import { selectPunchoutSettings, upsertSandboxPunchoutSettings } from './demo.queries.js';

export const SANDBOX_PATH = '/sandbox/supplier/cxml';
/** The sandbox supplier's PunchOut shop. */
export const SANDBOX_SHOP_SETUP_PATH = '/sandbox/supplier/punchout/setup';

/**
 * Demo mode points the punchout settings at the portal's own sandbox supplier, in test mode, so
 * approvals work offline from the first minute. Settings an admin pointed elsewhere are kept;
 * sandbox URLs follow the current address (the port may change between starts). The sandbox's own
 * inbound credentials are set too, so its confirmations and ship notices are accepted, and "Shop at
 * supplier" opens the sandbox's PunchOut shop.
 */
export async function ensureDemoPunchoutSettings(ctx: ServiceContext): Promise<void> {
  const sandboxUrl = `${ctx.config.publicUrl}${SANDBOX_PATH}`;
  const row = await selectPunchoutSettings(ctx.db);
  if (row && row.punchout_url && !String(row.punchout_url).endsWith(SANDBOX_PATH)) return;
  await upsertSandboxPunchoutSettings(
    ctx.db,
    {
      url: sandboxUrl,
      shopSetupUrl: `${ctx.config.publicUrl}${SANDBOX_SHOP_SETUP_PATH}`,
      identity: row?.identity ?? 'SUPPLYHUB-DEMO',
      sharedSecretEncrypted: row?.shared_secret_encrypted ?? newSealedSecret(ctx),
      // The sandbox supplier signs its confirmations and ship notices with these.
      inboundIdentity: row?.inbound_identity ?? 'SANDBOX-SUPPLIER',
      inboundSharedSecretEncrypted: row?.inbound_shared_secret_encrypted ?? newSealedSecret(ctx),
    },
    ctx.now(),
  );
}

function newSealedSecret(ctx: ServiceContext): string {
  return encryptSecret(randomBytes(18).toString('base64url'), ctx.config.settingsEncryptionKey);
}
