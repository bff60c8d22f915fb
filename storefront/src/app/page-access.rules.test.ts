import { describe, expect, it } from '@jest/globals';
import { allEndpoints, type Endpoint } from '@supply-hub/api/contracts/endpoints/index';
import { ROLES, type Role } from '@supply-hub/api/contracts/roles.rules';

import { expandRoles, mayOpenPage, STOREFRONT_PAGES, type PageAccess, type StorefrontPage } from './page-access.rules';

const pages = Object.keys(STOREFRONT_PAGES) as StorefrontPage[];

function declarationOf(operation: string): Endpoint {
  const found = allEndpoints.find((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}` === operation);
  if (!found) throw new Error(`${operation} is declared nowhere in api/src/contracts/endpoints`);
  return found;
}

/** Who the API lets call an operation, as its declaration says. */
function rolesLetInBy(endpoint: Endpoint): Role[] {
  const { access } = endpoint;
  if (access === 'signed-in' || access === 'approved') return [...ROLES];
  if (typeof access === 'object') return expandRoles(access.roles as readonly Role[]);
  return [];
}

describe('which storefront pages a role opens', () => {
  it.each(pages)('%s opens for exactly the roles every API operation it needs lets in', (page) => {
    const access: PageAccess = STOREFRONT_PAGES[page];
    const letIn = access.needs
      .map((operation) => rolesLetInBy(declarationOf(operation)))
      .reduce((common, roles) => common.filter((role) => roles.includes(role)), [...ROLES]);
    const opensFor = ROLES.filter((role) => mayOpenPage([role], page));
    if (access.narrowedBy) {
      // A display rule of the specification may only take roles away, never add one the API refuses.
      expect(letIn).toEqual(expect.arrayContaining(opensFor));
      expect(opensFor.length).toBeGreaterThan(0);
    } else {
      expect(opensFor).toEqual(letIn);
    }
  });

  it('opens a nurse’s orders and standing orders, not the organisation’s receiving', () => {
    expect(mayOpenPage(['nurse'], 'orders')).toBe(true);
    expect(mayOpenPage(['nurse'], 'standingOrders')).toBe(true);
    expect(mayOpenPage(['nurse'], 'receiving')).toBe(false);
  });

  it('keeps finance, who places no orders, out of the order pages', () => {
    expect(mayOpenPage(['finance'], 'orders')).toBe(false);
    expect(mayOpenPage(['finance'], 'standingOrders')).toBe(false);
    expect(mayOpenPage(['finance'], 'catalog')).toBe(true);
  });

  it('counts super_admin as admin', () => {
    expect(mayOpenPage(['super_admin'], 'receiving')).toBe(true);
    expect(mayOpenPage(['super_admin'], 'orders')).toBe(true);
  });
});
