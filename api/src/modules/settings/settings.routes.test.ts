import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { decryptSecret } from '../../crypto/secret-box.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase } from '../../test-support/test-context.js';

describe('admin settings', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
    app = createTestApp(database.db);
  });
  afterAll(() => database.drop());

  it('saves punchout settings with the secret encrypted and never sent back', async () => {
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const missing = await agent
      .put('/api/admin/settings/punchout')
      .send({ punchout_url: '', identity: 'x', shared_secret: 'y' })
      .expect(400);
    expect(Object.values(missing.body.errors)).toContain('All fields are required');
    const saved = await agent
      .put('/api/admin/settings/punchout')
      .send({
        punchout_url: 'https://supplier.example/punchout',
        identity: 'SUPPLYHUB',
        shared_secret: 'top-secret-value-42',
      })
      .expect(200);
    expect(JSON.stringify(saved.body)).not.toContain('top-secret-value-42');
    expect(saved.body).toMatchObject({ identity: 'SUPPLYHUB', shared_secret_masked: '••••••••', test_mode: true });
    const stored = await database.db('punchout_settings').where({ id: 1 }).first('shared_secret_encrypted');
    expect(stored.shared_secret_encrypted).not.toContain('top-secret');
    expect(decryptSecret(stored.shared_secret_encrypted, 'a'.repeat(64))).toBe('top-secret-value-42');
    expect(JSON.stringify((await agent.get('/api/admin/settings/punchout').expect(200)).body)).not.toContain(
      'top-secret',
    );
  });

  it('keeps the stored secret when a later save leaves it empty, and needs it only on first setup', async () => {
    const isolated = await createIsolatedDatabase();
    try {
      // Production mode needs the URL's host allowed (test mode would save it with a warning).
      const fresh = createTestApp(isolated.db, { env: { SUPPLIER_ALLOWED_HOSTS: 'supplier.example:443' } });
      const { agent } = await signedInAgent(fresh, isolated.db, ['admin']);
      const base = { punchout_url: 'https://supplier.example/punchout', identity: 'SUPPLYHUB' };
      // No secret stored yet: the spec's 'All fields are required'.
      const first = await agent
        .put('/api/admin/settings/punchout')
        .send({ ...base, shared_secret: '' })
        .expect(400);
      expect(first.body.errors).toMatchObject({ shared_secret: 'All fields are required' });
      await agent
        .put('/api/admin/settings/punchout')
        .send({ ...base, shared_secret: 'first-secret-1', test_mode: true })
        .expect(200);

      // Only the test-mode switch changes: no secret sent, the stored one stays.
      const switched = await agent
        .put('/api/admin/settings/punchout')
        .send({ ...base, shared_secret: '', test_mode: false })
        .expect(200);
      expect(switched.body).toMatchObject({ test_mode: false, shared_secret_masked: '••••••••' });
      const kept = await isolated.db('punchout_settings').where({ id: 1 }).first('shared_secret_encrypted');
      expect(decryptSecret(kept.shared_secret_encrypted, 'a'.repeat(64))).toBe('first-secret-1');

      // A new secret replaces it.
      await agent
        .put('/api/admin/settings/punchout')
        .send({ ...base, shared_secret: 'second-secret-2' })
        .expect(200);
      const replaced = await isolated.db('punchout_settings').where({ id: 1 }).first('shared_secret_encrypted');
      expect(decryptSecret(replaced.shared_secret_encrypted, 'a'.repeat(64))).toBe('second-secret-2');
    } finally {
      await isolated.drop();
    }
  });

  it('keeps the supplier’s inbound credentials beside the outbound ones: secret sealed and masked, identity needs a secret, empty turns them off', async () => {
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const base = { punchout_url: 'https://supplier.example/punchout', identity: 'SUPPLYHUB' };
    const withoutSecret = await agent
      .put('/api/admin/settings/punchout')
      .send({ ...base, inbound_identity: 'ACME-MEDICAL' })
      .expect(400);
    expect(withoutSecret.body.errors).toEqual({ inbound_shared_secret: 'Set the inbound shared secret as well' });
    const short = await agent
      .put('/api/admin/settings/punchout')
      .send({ ...base, inbound_identity: 'ACME-MEDICAL', inbound_shared_secret: 'short' })
      .expect(400);
    expect(short.body.errors).toEqual({
      inbound_shared_secret: 'The inbound shared secret must be at least 16 characters',
    });

    const saved = await agent
      .put('/api/admin/settings/punchout')
      .send({ ...base, inbound_identity: 'ACME-MEDICAL', inbound_shared_secret: 'acme-inbound-secret-2026' })
      .expect(200);
    expect(saved.body).toMatchObject({ inbound_identity: 'ACME-MEDICAL', inbound_shared_secret_masked: '••••••••' });
    const stored = await database.db('punchout_settings').where({ id: 1 }).first('inbound_shared_secret_encrypted');
    expect(decryptSecret(stored.inbound_shared_secret_encrypted, 'a'.repeat(64))).toBe('acme-inbound-secret-2026');
    // A save that leaves the inbound fields out (the outbound form as before) keeps them.
    const outboundOnly = await agent.put('/api/admin/settings/punchout').send(base).expect(200);
    expect(outboundOnly.body.inbound_identity).toBe('ACME-MEDICAL');
    expect(JSON.stringify(outboundOnly.body)).not.toContain('acme-inbound-secret');

    const off = await agent
      .put('/api/admin/settings/punchout')
      .send({ ...base, inbound_identity: '' })
      .expect(200);
    expect(off.body).toMatchObject({ inbound_identity: null, inbound_shared_secret_masked: null });
  });

  it('saves company info and the automation policy, which everyone can read', async () => {
    const { agent } = await signedInAgent(app, database.db, ['super_admin']);
    await agent.put('/api/admin/settings/company').send({ name: '', timezone: 'America/Chicago' }).expect(400);
    const company = await agent
      .put('/api/admin/settings/company')
      .send({
        name: 'Lakeside Health',
        timezone: 'America/Chicago',
        contact_email: 'ops@lakeside.org',
        bill_to_state: 'il',
      })
      .expect(200);
    expect(company.body).toMatchObject({ name: 'Lakeside Health', bill_to_state: 'IL', phone: null });
    const automation = await agent
      .put('/api/admin/settings/automation')
      .send({
        auto_sync_daily: true,
        email_notifications_new_orders: false,
        auto_approve_enabled: true,
        auto_approve_under_amount: 250,
      })
      .expect(200);
    expect(automation.body).toMatchObject({ auto_approve_enabled: true, auto_approve_under_amount: '250.00' });
    const { agent: doctor } = await signedInAgent(app, database.db, ['doctor']);
    expect((await doctor.get('/api/approval-policy').expect(200)).body).toEqual({
      auto_approve_enabled: true,
      auto_approve_under_amount: '250.00',
      stat_auto_approve_under: null,
    });
    // The STAT orders' own amount is part of the policy the profile card tells.
    const automationBody = {
      auto_sync_daily: true,
      email_notifications_new_orders: false,
      auto_approve_enabled: true,
      auto_approve_under_amount: 250,
    };
    await agent
      .put('/api/admin/settings/automation')
      .send({ ...automationBody, stat_auto_approve_under: 400 })
      .expect(200);
    expect((await doctor.get('/api/approval-policy').expect(200)).body).toMatchObject({
      stat_auto_approve_under: '400.00',
    });
    await agent
      .put('/api/admin/settings/automation')
      .send({ ...automationBody, stat_auto_approve_under: '' })
      .expect(200);
    await doctor.get('/api/admin/settings/automation').expect(403);
  });

  it('refuses a company timezone that is not an IANA zone, with a clear message, changing nothing', async () => {
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const before = await database.db('company_settings').where({ id: 1 }).first('timezone');
    for (const timezone of ['Mars/Olympus', '+01:00', 'Eastern Time']) {
      const refused = await agent
        .put('/api/admin/settings/company')
        .send({ name: 'Lakeside Health', timezone })
        .expect(400);
      expect(refused.body.errors).toEqual({
        timezone: 'Timezone must be an IANA time zone name, such as America/Chicago or UTC',
      });
    }
    expect(await database.db('company_settings').where({ id: 1 }).first('timezone')).toEqual(before);
    // Canonical names, UTC, and linked names a browser may list (Asia/Kolkata for Asia/Calcutta).
    for (const timezone of ['Europe/Paris', 'UTC', 'Asia/Kolkata']) {
      const saved = await agent
        .put('/api/admin/settings/company')
        .send({ name: 'Lakeside Health', timezone })
        .expect(200);
      expect(saved.body.timezone).toBe(timezone);
    }
  });
});
