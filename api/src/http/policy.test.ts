import { afterAll, describe, expect, it } from '@jest/globals';

import { createTestPortal } from '../test-support/http-test-app.js';
import { openSharedTestDb } from '../test-support/test-context.js';
import { listRoutes } from './route-inventory.js';

const db = openSharedTestDb();
afterAll(() => db.destroy());

describe('route policies', () => {
  it('every API route declares who may call it', () => {
    const routes = listRoutes(createTestPortal(db).apiRouter);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.filter((route) => route.policy === undefined)).toEqual([]);
    const policyOf = (path: string) => routes.find((route) => route.path === path)?.policy;
    expect(policyOf('/api/admin/users/:id/approve')).toEqual({ kind: 'roles', roles: ['admin'] });
    expect(policyOf('/api/profile/onboarding')).toEqual({ kind: 'owner' });
    expect(policyOf('/api/auth/session')).toEqual({ kind: 'signed-in' });
  });
});
