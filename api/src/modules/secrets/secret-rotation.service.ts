import type { ServiceContext } from '../../context.js';
import { decryptSecret, encryptSecret } from '../../crypto/secret-box.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { selectSealedSecretsForUpdate, updateSealedSecret } from './secret-rotation.queries.js';

export interface RotationResult {
  dry_run: boolean;
  /** Sealed values found: the punchout shared secret and every TOTP factor. */
  found: number;
  reencrypted: number;
  already_current: number;
}

function opensWith(sealed: string, keyHex: string): boolean {
  try {
    decryptSecret(sealed, keyHex);
    return true;
  } catch {
    return false;
  }
}

/**
 * Re-seals every stored secret from the old SETTINGS_ENCRYPTION_KEY to the current one, in one
 * transaction. Values that already open with the current key are left alone, so a rerun is
 * harmless; a value that opens with neither key stops the rotation with nothing changed.
 */
export async function reencryptStoredSecrets(
  ctx: ServiceContext,
  oldKeyHex: string,
  options: { dryRun?: boolean } = {},
): Promise<RotationResult> {
  const newKeyHex = ctx.config.settingsEncryptionKey;
  if (!/^[0-9a-fA-F]{64}$/.test(oldKeyHex)) {
    throw AppError.badRequest('INVALID_OLD_KEY', 'OLD_SETTINGS_ENCRYPTION_KEY must be 64 hex characters (32 bytes)');
  }
  if (oldKeyHex.toLowerCase() === newKeyHex.toLowerCase()) {
    throw AppError.badRequest(
      'SAME_KEY',
      'OLD_SETTINGS_ENCRYPTION_KEY equals SETTINGS_ENCRYPTION_KEY: nothing to rotate',
    );
  }
  const isDryRun = options.dryRun ?? false;
  return ctx.db.transaction(async (trx) => {
    const secrets = await selectSealedSecretsForUpdate(trx);
    let reencrypted = 0;
    for (const secret of secrets) {
      if (opensWith(secret.sealed, newKeyHex)) continue;
      if (!opensWith(secret.sealed, oldKeyHex)) {
        throw new AppError(
          422,
          'SECRET_UNREADABLE',
          `A value in ${secret.table}.${secret.column} opens with neither key; nothing was changed`,
        );
      }
      if (!isDryRun)
        await updateSealedSecret(trx, secret, encryptSecret(decryptSecret(secret.sealed, oldKeyHex), newKeyHex));
      reencrypted += 1;
    }
    const result = {
      dry_run: isDryRun,
      found: secrets.length,
      reencrypted,
      already_current: secrets.length - reencrypted,
    };
    if (!isDryRun) {
      await recordAudit(
        ctx,
        { action: 'settings.encryption_key_rotated', targetType: 'settings', details: result },
        trx,
      );
    }
    return result;
  });
}
