import { afterAll, describe, expect, it } from '@jest/globals';

import { createTestApp } from '../test-support/http-test-app.js';
import { openSharedTestDb } from '../test-support/test-context.js';

const db = openSharedTestDb();
afterAll(() => db.destroy());

interface Layer {
  route?: { path: string; stack: { handle: { policy?: unknown }; method?: string }[] };
  handle: { stack?: Layer[] };
}

/** Every route below a router, with the policy its first handler declares (if any). */
function listRoutes(stack: Layer[]): { path: string; methods: string[]; policy: unknown }[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const methods = [...new Set(layer.route.stack.map((entry) => entry.method ?? ''))];
      return [{ path: layer.route.path, methods, policy: layer.route.stack[0]?.handle.policy }];
    }
    return layer.handle.stack ? listRoutes(layer.handle.stack) : [];
  });
}

describe('route policies', () => {
  it('every API route declares who may call it', () => {
    const app = createTestApp(db);
    const routes = listRoutes((app.locals.apiRouter as { stack: Layer[] }).stack);
    expect(routes.length).toBeGreaterThanOrEqual(9);
    expect(routes.filter((route) => route.policy === undefined)).toEqual([]);
    expect(routes.find((route) => route.path === '/admin/users/:id/approve')?.policy).toEqual({
      kind: 'roles',
      roles: ['admin'],
    });
  });
});
