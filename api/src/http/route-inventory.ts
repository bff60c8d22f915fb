import type { Router } from 'express';

import type { RoutePolicy } from './policy.js';

interface Layer {
  route?: { path: string; stack: { handle: { policy?: RoutePolicy }; method?: string }[] };
  handle: { stack?: Layer[] };
}

export interface RouteEntry {
  method: string;
  path: string;
  policy: RoutePolicy | undefined;
}

/** Every route below an Express router with the policy its first handler declares. */
export function listRoutes(router: Router, prefix = '/api'): RouteEntry[] {
  const walk = (stack: Layer[]): RouteEntry[] =>
    stack.flatMap((layer) => {
      if (layer.route) {
        const methods = [...new Set(layer.route.stack.map((entry) => (entry.method ?? '').toUpperCase()))].filter(
          Boolean,
        );
        return methods.map((method) => ({
          method,
          path: `${prefix}${layer.route?.path ?? ''}`,
          policy: layer.route?.stack[0]?.handle.policy,
        }));
      }
      return layer.handle.stack ? walk(layer.handle.stack) : [];
    });
  return walk((router as unknown as { stack: Layer[] }).stack);
}

export function describePolicy(policy: RoutePolicy | undefined): string {
  if (!policy) return 'NONE';
  if (policy.kind === 'roles')
    return `roles: ${policy.roles.join(', ')}${policy.roles.includes('admin') ? ' (incl. super_admin)' : ''}`;
  return policy.kind;
}
