import { afterAll, describe, expect, it } from '@jest/globals';

import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
afterAll(() => db.destroy());

describe('the QA runner outside demo mode', () => {
  it('answers with the spec’s refusal and stores nothing', async () => {
    const app = createTestApp(db);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const refused = await agent.post('/api/admin/qa-runner/order').expect(403);
    expect(refused.body.message).toBe('QA Runner only works in preview mode');
    await agent
      .put('/api/admin/qa-runner/result')
      .send({ status: 'success', steps: [], finished_at: 'now' })
      .expect(403);
    expect((await agent.get('/api/admin/qa-runner/result').expect(200)).body).toMatchObject({ demo_mode: false });
  });
});
