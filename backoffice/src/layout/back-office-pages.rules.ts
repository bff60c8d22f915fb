import { isAdmin, type Role } from '@supply-hub/api/contracts/roles.rules';

// Paths relative to /admin; pages/index.ts and the invoices resource mount their screens at these.
export const REPORTS_PATH = '/reports';
export const EXPIRING_STOCK_PATH = '/expiring-stock';
export const INVOICES_PATH = '/invoices';
const APPROVALS_PATH = '/approvals';
const BUDGETS_PATH = '/budgets';
/** A budget's page to read (never its edit or create page). */
const BUDGET_SHOW_PATH = /^\/budgets\/[^/]+\/show$/;

/**
 * The back-office pages a user may open: the union over their roles (admin-portal §2.1, decisions.md).
 * Admins open everything; finance the reports, the Approvals inbox, the invoice queue and budgets
 * (read only); logistics admins Expiring stock. The menu and the route gate both read this.
 */
export interface BackOfficePages {
  isEverything: boolean;
  hasFinancePages: boolean;
  hasExpiringStock: boolean;
}

export function backOfficePagesFor(roles: readonly Role[]): BackOfficePages {
  const isAdministrator = isAdmin(roles);
  return {
    isEverything: isAdministrator,
    hasFinancePages: isAdministrator || roles.includes('finance'),
    hasExpiringStock: isAdministrator || roles.includes('logistics_admin'),
  };
}

function isFinancePage(pathname: string): boolean {
  return (
    [REPORTS_PATH, APPROVALS_PATH, BUDGETS_PATH].includes(pathname) ||
    BUDGET_SHOW_PATH.test(pathname) ||
    pathname.startsWith(INVOICES_PATH)
  );
}

export function canOpenPage(pages: BackOfficePages, pathname: string): boolean {
  if (pages.isEverything) return true;
  if (pages.hasFinancePages && isFinancePage(pathname)) return true;
  return pages.hasExpiringStock && pathname === EXPIRING_STOCK_PATH;
}

/** Where a page the user may not open sends them: their first page here, or null when none (the storefront's). */
export function landingPathFor(pages: BackOfficePages): string | null {
  if (pages.hasFinancePages) return REPORTS_PATH;
  if (pages.hasExpiringStock) return EXPIRING_STOCK_PATH;
  return null;
}
