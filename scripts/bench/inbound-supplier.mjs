// The inbound benchmarks' supplier: its credentials set in the demo server's database, and the cXML
// Header it signs its documents with.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.join(REPO_ROOT, 'api', 'dist', 'api', 'src');

/** Sets the inbound supplier credentials as the settings page stores them: the secret sealed with the server's key. */
export async function setInboundCredentials(db, dataDir, { identity, secret }) {
  const { encryptSecret } = await import(path.join(DIST, 'crypto', 'secret-box.js'));
  const { settingsEncryptionKey } = JSON.parse(readFileSync(path.join(dataDir, 'local-secrets.json'), 'utf8'));
  await db.query(
    `UPDATE punchout_settings SET inbound_identity = $1, inbound_shared_secret_encrypted = $2 WHERE id = 1`,
    [identity, encryptSecret(secret, settingsEncryptionKey)],
  );
}

/** A cXML Header from `identity` to the portal, with a new payloadID. */
export function supplierHeader({ identity, sharedSecret, userAgent, payloadDomain, timestamp = new Date() }) {
  return {
    payloadId: `${randomUUID()}@${payloadDomain}`,
    timestamp,
    deploymentMode: 'test',
    fromIdentity: identity,
    toIdentity: 'SUPPLYHUB',
    senderIdentity: identity,
    sharedSecret,
    userAgent,
  };
}
