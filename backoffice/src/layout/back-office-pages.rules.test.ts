import { describe, expect, it } from '@jest/globals';
import type { Role } from '@supply-hub/api/contracts/roles.rules';

import { backOfficePagesFor, canOpenPage, landingPathFor } from './back-office-pages.rules';

const PAGES = ['/reports', '/approvals', '/budgets', '/budgets/7/show', '/invoices', '/expiring-stock', '/users'];

function openPages(roles: Role[]): string[] {
  const pages = backOfficePagesFor(roles);
  return PAGES.filter((pathname) => canOpenPage(pages, pathname));
}

describe('the back-office pages a user may open are the union over their roles', () => {
  it.each<[string, Role[], string[], string | null]>([
    [
      'finance and logistics admin open the finance pages and Expiring stock',
      ['finance', 'logistics_admin'],
      ['/reports', '/approvals', '/budgets', '/budgets/7/show', '/invoices', '/expiring-stock'],
      '/reports',
    ],
    ['a logistics admin alone opens Expiring stock only', ['logistics_admin'], ['/expiring-stock'], '/expiring-stock'],
    [
      'finance alone opens the finance pages only',
      ['finance'],
      ['/reports', '/approvals', '/budgets', '/budgets/7/show', '/invoices'],
      '/reports',
    ],
    ['an admin opens everything', ['admin'], PAGES, '/reports'],
    ['a super admin opens everything', ['super_admin'], PAGES, '/reports'],
    ['a doctor opens nothing here', ['doctor'], [], null],
  ])('%s', (_name, roles, open, landing) => {
    expect(openPages(roles)).toEqual(open);
    expect(landingPathFor(backOfficePagesFor(roles))).toBe(landing);
  });

  it('a budget edit page stays closed to finance', () => {
    expect(canOpenPage(backOfficePagesFor(['finance']), '/budgets/7')).toBe(false);
  });
});
