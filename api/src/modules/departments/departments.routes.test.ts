import { randomBytes } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, createTestUser, signedInAgent, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

/** A code no other test uses. */
function uniqueCode(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

describe('/api/admin/departments', () => {
  it('creates, lists, edits and deactivates a department; the code is upper-cased and unique', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const code = uniqueCode('icu');
    const created = await agent.post('/api/admin/departments').send({ code: ` ${code} `, name: ' Intensive Care ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: code.toUpperCase(),
      name: 'Intensive Care',
      active: true,
      user_count: 0,
    });
    const id = created.body.id as string;

    const duplicate = await agent.post('/api/admin/departments').send({ code: code.toLowerCase(), name: 'Other' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'DEPARTMENT_CODE_TAKEN', errors: { code: expect.any(String) } });

    const listed = await agent
      .get('/api/admin/departments')
      .query({ filter: JSON.stringify({ q: code }), sort: '["code","ASC"]', range: '[0,9]' })
      .expect(200);
    expect(listed.headers['content-range']).toBe('departments 0-0/1');
    expect(listed.body).toEqual([created.body]);

    const renamed = await agent
      .put(`/api/admin/departments/${id}`)
      .send({ ...created.body, name: 'ICU', active: false })
      .expect(200);
    expect(renamed.body).toMatchObject({ id, name: 'ICU', active: false });
    expect(await db('departments').where({ id }).first('name', 'active')).toEqual({ name: 'ICU', active: false });
    const audit = await db('audit_events')
      .where({ target_type: 'department', target_id: id })
      .orderBy('id')
      .pluck('action');
    expect(audit).toEqual(['department.create', 'department.deactivate']);
    const inactive = await agent
      .get('/api/admin/departments')
      .query({ filter: JSON.stringify({ q: code, active: false }) })
      .expect(200);
    expect(inactive.body.map((row: { id: string }) => row.id)).toEqual([id]);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const before = await db('departments').count<{ count: string }[]>('* as count');
    const refused = await agent
      .post('/api/admin/departments')
      .send({ code: 'no spaces allowed', name: '' })
      .expect(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { code: expect.any(String), name: 'is required' },
    });
    await agent.get('/api/admin/departments/not-a-uuid').expect(400);
    await agent.get('/api/admin/departments/00000000-0000-4000-8000-000000000000').expect(404);
    await agent
      .put('/api/admin/departments/00000000-0000-4000-8000-000000000000')
      .send({ code: 'X', name: 'X', active: true })
      .expect(404);
    expect(await db('departments').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('lets finance read the list but only admins change it; providers see nothing', async () => {
    const { agent: finance } = await signedInAgent(app, db, ['finance']);
    await finance.get('/api/admin/departments').expect(200);
    expect((await finance.post('/api/admin/departments').send({ code: uniqueCode('F'), name: 'F' })).status).toBe(403);
    const { agent: provider } = await signedInAgent(app, db, ['provider']);
    await provider.get('/api/admin/departments').expect(403);
    await request(app).get('/api/admin/departments').expect(401);
  });
});

describe('the department of an account', () => {
  async function department(agent: Awaited<ReturnType<typeof signedInAgent>>['agent'], name: string) {
    return (
      await agent
        .post('/api/admin/departments')
        .send({ code: uniqueCode('D'), name })
        .expect(201)
    ).body as {
      id: string;
      name: string;
    };
  }

  it('is set by an admin on the users record, and in bulk all or none; the order records it at submission', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const pharmacy = await department(agent, 'Pharmacy');
    const [first, second] = await Promise.all([createTestUser(db, ['provider']), createTestUser(db, ['doctor'])]);
    const saved = await agent.put(`/api/admin/users/${first.id}`).send({ department_id: pharmacy.id }).expect(200);
    expect(saved.body).toMatchObject({ id: first.id, department_id: pharmacy.id, department: 'Pharmacy' });

    const oncology = await department(agent, 'Oncology');
    const bulk = await agent
      .post('/api/admin/users/department')
      .send({ ids: [first.id, second.id], department_id: oncology.id })
      .expect(200);
    expect(bulk.body).toEqual({ updated: 2 });
    const members = await agent
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ department_id: oncology.id }) })
      .expect(200);
    expect(members.body.map((user: { id: string }) => user.id).sort()).toEqual([first.id, second.id].sort());
    expect((await agent.get(`/api/admin/departments/${oncology.id}`).expect(200)).body.user_count).toBe(2);

    // A missing account in the batch: nothing changes for the others either.
    const partial = await agent
      .post('/api/admin/users/department')
      .send({ ids: [first.id, '00000000-0000-4000-8000-000000000000'], department_id: pharmacy.id })
      .expect(404);
    expect(partial.body.code).toBe('USER_NOT_FOUND');
    expect(await db('profiles').where({ user_id: first.id }).first('department_id', 'department')).toEqual({
      department_id: oncology.id,
      department: 'Oncology',
    });

    // Renaming the department renames it on its members' profiles.
    await agent
      .put(`/api/admin/departments/${oncology.id}`)
      .send({ code: uniqueCode('ONC'), name: 'Oncology Ward', active: true })
      .expect(200);
    expect((await agent.get(`/api/admin/users/${second.id}`).expect(200)).body.department).toBe('Oncology Ward');

    const [gauze] = await insertProducts(db, [{ title: 'Gauze', price: '3.50' }]);
    const requester = request.agent(app);
    await requester.post('/api/auth/login').send({ email: first.email, password: TEST_PASSWORD }).expect(200);
    const order = await requester
      .post('/api/orders')
      .set('Idempotency-Key', randomBytes(8).toString('hex'))
      .send({ lines: [{ asin: gauze!.asin, quantity: 2 }] })
      .expect(201);
    expect(order.body.delivery_location).toBe('Oncology Ward');
    expect(await db('orders').where({ id: order.body.id }).first('department_id')).toEqual({
      department_id: oncology.id,
    });
  });

  it('cannot be a deactivated department for someone new, but its members keep it', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const closing = await department(agent, 'Closing Ward');
    const [member, newcomer] = await Promise.all([createTestUser(db, ['provider']), createTestUser(db, ['provider'])]);
    await agent.put(`/api/admin/users/${member.id}`).send({ department_id: closing.id }).expect(200);
    await agent
      .put(`/api/admin/departments/${closing.id}`)
      .send({ code: uniqueCode('CW'), name: 'Closing Ward', active: false })
      .expect(200);
    const refused = await agent.put(`/api/admin/users/${newcomer.id}`).send({ department_id: closing.id }).expect(422);
    expect(refused.body).toMatchObject({
      code: 'DEPARTMENT_INACTIVE',
      message: 'The department Closing Ward is deactivated: choose an active department.',
    });
    expect(await db('profiles').where({ user_id: newcomer.id }).first('department_id')).toEqual({
      department_id: null,
    });
    // All or none: the member (no change) and the newcomer (refused) in one batch change nothing.
    await agent
      .post('/api/admin/users/department')
      .send({ ids: [member.id, newcomer.id], department_id: closing.id })
      .expect(422);
    expect((await agent.get(`/api/admin/users/${member.id}`).expect(200)).body.department_id).toBe(closing.id);
  });

  it('is refused to non-admins', async () => {
    const target = await createTestUser(db, ['provider']);
    const { agent: finance } = await signedInAgent(app, db, ['finance']);
    await finance.put(`/api/admin/users/${target.id}`).send({ department_id: target.id }).expect(403);
    await finance
      .post('/api/admin/users/department')
      .send({ ids: [target.id], department_id: target.id })
      .expect(403);
  });
});
