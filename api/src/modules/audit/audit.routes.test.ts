import { afterAll, describe, expect, it } from '@jest/globals';

import { auditEventSchema } from '../../contracts/audit.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

// The shared test database: each test reads only events of its own users, or any event at all.
const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

describe('one audit event (the back office’s show page)', () => {
  it('is read by its id with its details, as the list shows it', async () => {
    const { agent, user } = await signedInAgent(app, db, ['admin']);
    const list = await agent
      .get('/api/admin/audit-events')
      .query({ filter: JSON.stringify({ action: 'auth.sign_in', actor_user_id: user.id }) })
      .expect(200);
    const listed = (list.body as Array<{ id: string }>)[0];
    expect(listed).toBeDefined();
    const shown = await agent.get(`/api/admin/audit-events/${listed?.id}`).expect(200);
    expect(shown.body).toEqual(listed);
    expect(shown.body).toMatchObject({ action: 'auth.sign_in', actor_user_id: user.id, outcome: 'success' });
    expect(shown.body.details).toEqual(expect.any(Object));
    // Field for field what contracts/endpoints/audit.endpoints.ts declares, in the list and on its own.
    expect(auditEventSchema.array().parse(list.body)).toEqual(list.body);
    expect(auditEventSchema.parse(shown.body)).toEqual(shown.body);
  });

  it('answers 404 for an id that is not there and 400 for one that cannot be one (the one :id rule), and the export still works', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    for (const id of ['999999999', '9223372036854775807']) {
      const missing = await agent.get(`/api/admin/audit-events/${encodeURIComponent(id)}`).expect(404);
      expect(missing.body).toMatchObject({ code: 'AUDIT_EVENT_NOT_FOUND', message: 'Audit event not found' });
    }
    for (const id of ['9223372036854775808', '0', '-1', 'abc', '1.5', "1' OR '1'='1"]) {
      const malformed = await agent.get(`/api/admin/audit-events/${encodeURIComponent(id)}`).expect(400);
      expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { id: expect.any(String) } });
    }
    await agent.get('/api/admin/audit-events/export').expect(200);
  });

  it('is for administrators only', async () => {
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const [event] = (await admin.get('/api/admin/audit-events').expect(200)).body as Array<{ id: string }>;
    for (const role of ['doctor', 'finance'] as const) {
      const { agent } = await signedInAgent(app, db, [role]);
      await agent.get(`/api/admin/audit-events/${event?.id}`).expect(403);
    }
  });
});
