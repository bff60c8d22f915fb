import { randomBytes } from 'node:crypto';

import type { ServiceContext } from '../../context.js';
import { encryptSecret } from '../../crypto/secret-box.js';

export const SANDBOX_PATH = '/sandbox/supplier/cxml';

/**
 * Demo mode points the punchout settings at the portal's own sandbox supplier, in test mode, so
 * approvals work offline from the first minute. Settings an admin pointed elsewhere are kept;
 * sandbox URLs follow the current address (the port may change between starts).
 */
export async function ensureDemoPunchoutSettings(ctx: ServiceContext): Promise<void> {
  const sandboxUrl = `${ctx.config.publicUrl}${SANDBOX_PATH}`;
  const row = await ctx
    .db('punchout_settings')
    .where({ id: 1 })
    .first('punchout_url', 'identity', 'shared_secret_encrypted');
  if (row && row.punchout_url && !String(row.punchout_url).endsWith(SANDBOX_PATH)) return;
  await ctx
    .db('punchout_settings')
    .insert({
      id: 1,
      punchout_url: sandboxUrl,
      test_punchout_url: sandboxUrl,
      identity: row?.identity ?? 'SUPPLYHUB-DEMO',
      shared_secret_encrypted:
        row?.shared_secret_encrypted ??
        encryptSecret(randomBytes(18).toString('base64url'), ctx.config.settingsEncryptionKey),
      test_mode: true,
      updated_at: ctx.now(),
    })
    .onConflict('id')
    .merge(['punchout_url', 'test_punchout_url', 'identity', 'shared_secret_encrypted', 'test_mode', 'updated_at']);
}
