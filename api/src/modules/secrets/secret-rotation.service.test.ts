import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { decryptSecret, encryptSecret } from '../../crypto/secret-box.js';
import { createTestUser } from '../../test-support/http-test-app.js';
import { runTs } from '../../test-support/processes.js';
import { createIsolatedDatabase, testConfig, testContext } from '../../test-support/test-context.js';
import { reencryptStoredSecrets } from './secret-rotation.service.js';

const OLD_KEY = '1'.repeat(64);
const NEW_KEY = '2'.repeat(64);
const PUNCHOUT_SECRET = 'punchout-shared-secret-42';
const INBOUND_SECRET = 'supplier-to-portal-secret-7';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

describe('rotating SETTINGS_ENCRYPTION_KEY: re-sealing the stored secrets', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let userId = '';
  const ctxWithNewKey = () => testContext(database.db, { config: testConfig({ SETTINGS_ENCRYPTION_KEY: NEW_KEY }) });
  const stored = async () => ({
    punchout: (await database.db('punchout_settings').where({ id: 1 }).first('shared_secret_encrypted'))
      .shared_secret_encrypted as string,
    inbound: (await database.db('punchout_settings').where({ id: 1 }).first('inbound_shared_secret_encrypted'))
      .inbound_shared_secret_encrypted as string,
    totp: (await database.db('mfa_totp_factors').where({ user_id: userId }).first('secret_encrypted'))
      .secret_encrypted as string,
  });

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    userId = (await createTestUser(database.db, ['admin'])).id;
    await database.db('punchout_settings').insert({
      id: 1,
      punchout_url: 'https://punchout.example/cxml',
      identity: 'SUPPLYHUB',
      shared_secret_encrypted: encryptSecret(PUNCHOUT_SECRET, OLD_KEY),
      inbound_identity: 'SUPPLIER',
      inbound_shared_secret_encrypted: encryptSecret(INBOUND_SECRET, OLD_KEY),
      test_mode: false,
    });
    await database.db('mfa_totp_factors').insert({
      user_id: userId,
      secret_encrypted: encryptSecret(TOTP_SECRET, OLD_KEY),
      confirmed_at: new Date(),
    });
  });
  afterAll(() => database.drop());

  it('a dry run counts what would change and changes nothing', async () => {
    const before = await stored();
    expect(await reencryptStoredSecrets(ctxWithNewKey(), OLD_KEY, { dryRun: true })).toEqual({
      dry_run: true,
      found: 3,
      reencrypted: 3,
      already_current: 0,
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a wrong old key, naming the value it cannot open, and changes nothing', async () => {
    const before = await stored();
    await expect(reencryptStoredSecrets(ctxWithNewKey(), '3'.repeat(64))).rejects.toMatchObject({
      code: 'SECRET_UNREADABLE',
      message: 'A value in punchout_settings.shared_secret_encrypted opens with neither key; nothing was changed',
    });
    await expect(reencryptStoredSecrets(ctxWithNewKey(), NEW_KEY)).rejects.toMatchObject({ code: 'SAME_KEY' });
    expect(await stored()).toEqual(before);
  });

  it('secrets:reencrypt moves every secret to the new key; the old key no longer opens them; a rerun changes nothing', async () => {
    const env = {
      DATABASE_URL: database.url,
      NODE_ENV: 'production',
      SESSION_SECRET: 'rotation-test-session-secret-0123456789',
      SETTINGS_ENCRYPTION_KEY: NEW_KEY,
      OLD_SETTINGS_ENCRYPTION_KEY: OLD_KEY,
    };
    const run = await runTs('cli/main.ts', ['secrets:reencrypt', '--json'], env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({ dry_run: false, found: 3, reencrypted: 3, already_current: 0 });
    const after = await stored();
    expect(decryptSecret(after.punchout, NEW_KEY)).toBe(PUNCHOUT_SECRET);
    expect(decryptSecret(after.inbound, NEW_KEY)).toBe(INBOUND_SECRET);
    expect(decryptSecret(after.totp, NEW_KEY)).toBe(TOTP_SECRET);
    expect(() => decryptSecret(after.totp, OLD_KEY)).toThrow();
    expect(await reencryptStoredSecrets(ctxWithNewKey(), OLD_KEY)).toEqual({
      dry_run: false,
      found: 3,
      reencrypted: 0,
      already_current: 3,
    });
    const audit = await database
      .db('audit_events')
      .where({ action: 'settings.encryption_key_rotated' })
      .select('details');
    expect(audit.map((row: { details: { reencrypted: number } }) => row.details.reencrypted)).toEqual(
      expect.arrayContaining([3, 0]),
    );
  });
});
