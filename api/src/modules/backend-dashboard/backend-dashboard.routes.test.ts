import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import request from 'supertest';

import { createTestApp, signedInAgent, closeTestApp } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';
import { DASHBOARD_TABLES } from './backend-dashboard.resources.js';

const db = openSharedTestDb();
let app: Express;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];

const LIST = '/admin/backend/api/resources';

interface ListBody {
  records: { id: string; params: Record<string, unknown>; recordActions: { name: string }[] }[];
  notice?: { type: string };
}

/** The state AdminJS embeds in its page: the resources it offers, with their actions. */
function reduxStateOf(html: string): { resources: { id: string; resourceActions: { name: string }[] }[] } {
  const json = /window\.REDUX_STATE = (.*);\n/.exec(html)?.[1];
  if (!json) throw new Error('no REDUX_STATE in the page');
  return JSON.parse(json) as ReturnType<typeof reduxStateOf>;
}

beforeAll(async () => {
  app = createTestApp(db);
  admin = (await signedInAgent(app, db, ['admin'])).agent;
  // The first admin request loads AdminJS (seconds), once for the whole file.
  await admin.get('/admin/backend').expect(200);
}, 120_000);

afterAll(async () => {
  await closeTestApp(app);
  await db.destroy();
});

describe('who may open the backend dashboard', () => {
  it('sends a signed-out browser to the sign-in page and answers 401 to a signed-out API call', async () => {
    const page = await request(app).get('/admin/backend').set('Accept', 'text/html').expect(302);
    expect(page.headers.location).toBe('/login?redirect=%2Fadmin%2Fbackend');
    const deep = await request(app)
      .get('/admin/backend/resources/products?page=2')
      .set('Accept', 'text/html')
      .expect(302);
    expect(deep.headers.location).toBe('/login?redirect=%2Fadmin%2Fbackend%2Fresources%2Fproducts%3Fpage%3D2');
    const api = await request(app).get(`${LIST}/products/actions/list`).expect(401);
    expect(api.body.code).toBe('NOT_AUTHENTICATED');
  });

  it.each([['doctor' as const], ['finance' as const]])(
    'refuses a %s: pages lead to the back office, the rest is 403',
    async (role) => {
      const { agent } = await signedInAgent(app, db, [role]);
      for (const path of ['/admin/backend', '/admin/backend/resources/users']) {
        const page = await agent.get(path).set('Accept', 'text/html').expect(302);
        expect(page.headers.location).toBe('/admin');
      }
      expect((await agent.get('/admin/backend').set('Accept', 'application/json').expect(403)).body.code).toBe(
        'FORBIDDEN',
      );
      await agent.get(`${LIST}/products/actions/list`).expect(403);
      await agent.get('/admin/backend/frontend/assets/components.bundle.js').expect(403);
    },
  );

  it('sends an admin who must first set up two-step sign-in to Settings, and refuses their API calls', async () => {
    const enforcing = createTestApp(db, { env: { MFA_REQUIRED_FOR_ADMINS: 'true' } });
    try {
      const { agent } = await signedInAgent(enforcing, db, ['admin']);
      expect((await agent.get('/api/auth/session').expect(200)).body.mfa_enrollment_required).toBe(true);
      const page = await agent.get('/admin/backend').set('Accept', 'text/html').expect(302);
      expect(page.headers.location).toBe('/settings');
      expect((await agent.get(`${LIST}/products/actions/list`).expect(403)).body.code).toBe('MFA_ENROLLMENT_REQUIRED');
    } finally {
      await closeTestApp(enforcing);
    }
  });

  it('opens for an admin and a super_admin on their portal session, under a CSP that keeps framing off', async () => {
    const { agent: superAdmin } = await signedInAgent(app, db, ['super_admin']);
    for (const agent of [admin, superAdmin]) {
      const page = await agent.get('/admin/backend').set('Accept', 'text/html').expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('<title>Supply Hub backend dashboard</title>');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(csp).not.toContain('unsafe-eval');
      expect(page.text).not.toMatch(/<script>/);
      expect(page.text).toContain(`<script nonce="${nonce}">`);
      expect(page.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves the AdminJS scripts, the components bundle included', async () => {
    for (const asset of ['app.bundle.js', 'global.bundle.js', 'design-system.bundle.js', 'components.bundle.js']) {
      const response = await admin.get(`/admin/backend/frontend/assets/${asset}`).expect(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
    }
  });

  it('answers 404 below /admin/backend where AdminJS has no page, not the back office index', async () => {
    const response = await admin.get('/admin/backend/no-such-page').set('Accept', 'text/html').expect(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});

describe('what the backend dashboard shows', () => {
  it('has the portal’s own home page, saying what the tables are for and that they are read-only', async () => {
    const page = await admin.get('/admin/backend').set('Accept', 'text/html').expect(200);
    expect((reduxStateOf(page.text) as unknown as { dashboard: unknown }).dashboard).toEqual({
      component: 'SupplyHubHome',
    });
    const script = await admin.get('/admin/backend/frontend/assets/components.bundle.js').expect(200);
    expect(script.text).toContain('AdminJS.UserComponents.SupplyHubHome');
    expect(script.text).toContain('Read-only: nothing can be created, edited or deleted here.');
    expect(script.text).toContain('"orders","order_items","ab_logs"');
    // The script parses as JavaScript.
    expect(() => new Function(script.text)).not.toThrow();
  });

  it('offers exactly the allowlisted tables: no credentials, sessions or secrets', async () => {
    const page = await admin.get('/admin/backend').expect(200);
    const ids = reduxStateOf(page.text).resources.map((resource) => resource.id);
    expect(ids.sort()).toEqual(DASHBOARD_TABLES.map(({ table }) => table).sort());
    for (const hidden of ['password_credentials', 'sessions', 'mfa_totp_factors', 'punchout_settings']) {
      const response = await admin.get(`${LIST}/${hidden}/actions/list`).expect(404);
      expect(JSON.stringify(response.body)).not.toMatch(/password_hash|sess|secret/);
    }
  });

  it('lists products, with a product made here findable by its ASIN', async () => {
    const asin = `BD${Date.now().toString(36).toUpperCase()}`;
    await db('products').insert({ asin, title: 'Backend dashboard gauze', price: '4.50', active: true });
    const response = await admin.get(`${LIST}/products/actions/list`).query({ 'filters.asin': asin }).expect(200);
    const body = response.body as ListBody;
    expect(body.records).toHaveLength(1);
    expect(body.records[0]?.params).toMatchObject({ asin, title: 'Backend dashboard gauze' });
  });

  it('lists every resource it offers without an error', async () => {
    for (const { table } of DASHBOARD_TABLES) {
      const response = await admin.get(`${LIST}/${table}/actions/list`);
      expect(`${table} ${response.status}`).toBe(`${table} 200`);
      expect((response.body as ListBody).notice?.type).not.toBe('error');
    }
  });
});

describe('the backend dashboard is read-only', () => {
  it('offers no new, edit, delete or bulk delete on any resource', async () => {
    const page = await admin.get('/admin/backend').expect(200);
    for (const resource of reduxStateOf(page.text).resources) {
      const names = resource.resourceActions.map((action) => action.name);
      expect(names).toContain('list');
      expect(names).not.toContain('new');
      expect(names).not.toContain('bulkDelete');
    }
    const products = await admin.get(`${LIST}/products/actions/list`).expect(200);
    for (const record of (products.body as ListBody).records) {
      expect(record.recordActions.map((entry) => entry.name)).toEqual(['show']);
    }
  });

  it('refuses to delete an audit event, which is still there afterwards', async () => {
    const action = `backend_dashboard.test.${Date.now()}`;
    const [row] = await db('audit_events')
      .insert({ actor_label: 'system', action, details: '{}' })
      .returning<{ id: string }[]>('id');
    const id = String(row?.id);

    const list = await admin.get(`${LIST}/audit_events/actions/list`).query({ 'filters.action': action }).expect(200);
    const record = (list.body as ListBody).records[0];
    expect(record?.recordActions.map((entry) => entry.name)).toEqual(['show']);

    const post = await admin.post(`${LIST}/audit_events/records/${id}/delete`).expect(405);
    expect(post.body.code).toBe('BACKEND_DASHBOARD_READ_ONLY');
    const bulk = await admin.post(`${LIST}/audit_events/bulk/bulkDelete`).query({ recordIds: id }).expect(405);
    expect(bulk.body.code).toBe('BACKEND_DASHBOARD_READ_ONLY');
    const viaGet = await admin.get(`${LIST}/audit_events/records/${id}/delete`).expect(200);
    expect(viaGet.body.notice).toMatchObject({ type: 'error' });

    expect(await db('audit_events').where({ id }).first()).toMatchObject({ action });
  });

  it('refuses a cross-site POST before anything else', async () => {
    const response = await admin
      .post(`${LIST}/products/actions/new`)
      .set('Origin', 'https://attacker.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    expect(response.body.code).toBe('CROSS_SITE_REQUEST');
  });
});
