import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { FINANCE_HOME_PATH, homePathFor, STOREFRONT_HOME_PATH } from '@supply-hub/api/contracts/roles.rules';
import { useEffect, type ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';

import { ReportsPage } from '../pages';
import { INVOICES_PATH } from '../resources/invoices';
import type { Permissions } from '../providers/authProvider';

const STOREFRONT_SETTINGS = '/settings';
/** What finance may open here (decisions.md): the reports, the Approvals inbox and budgets, read only (issue 18). */
const FINANCE_PATHS = [ReportsPage.path, '/approvals', '/budgets'];
/** A budget's page to read (never its edit or create page). */
const BUDGET_SHOW_PATH = /^\/budgets\/[^/]+\/show$/;

/**
 * Route rules of admin-portal §2.1 on the client (the API enforces them again): finance sees
 * reports, the Approvals inbox, the invoice queue and budgets (read) only; roles without back-office access go to the storefront's catalogue, and an admin who
 * must set up two-step sign-in to the storefront's Settings.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const { permissions, isPending, error, refetch } = usePermissions<Permissions>();
  const location = useLocation();
  const navigate = useNavigate();
  // The contracts' role-home rule decides who belongs here: admins (home here), finance (reports only).
  const home = homePathFor(permissions?.roles ?? []);
  const isFinanceOnly = home === FINANCE_HOME_PATH;
  // Unknown is not "no access": a failed check (a restart, a network blip) must not send an admin away.
  const isOutsider = !isPending && !error && home === STOREFRONT_HOME_PATH;
  // Every admin API call would be refused until then (MFA_ENROLLMENT_REQUIRED).
  const mustEnrollMfa = permissions?.mustEnrollMfa ?? false;
  // Rendered even once, another page would already ask the API for what finance may not read.
  // Finance also works the Approvals inbox and the invoice queue (issue 18 §3, §5).
  const isFinancePage =
    FINANCE_PATHS.includes(location.pathname) ||
    BUDGET_SHOW_PATH.test(location.pathname) ||
    location.pathname.startsWith(INVOICES_PATH);
  const isFinanceElsewhere = isFinanceOnly && !isFinancePage;

  useEffect(() => {
    if (isPending) return;
    if (mustEnrollMfa) window.location.assign(STOREFRONT_SETTINGS);
    else if (isOutsider) window.location.assign(STOREFRONT_HOME_PATH);
    else if (isFinanceElsewhere) navigate(ReportsPage.path, { replace: true });
  }, [isPending, mustEnrollMfa, isOutsider, isFinanceElsewhere, navigate]);

  if (error) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        The server could not check your access just now. Your work is safe; try again in a moment.
      </Alert>
    );
  }
  if (isPending || mustEnrollMfa || isOutsider || isFinanceElsewhere) return null;
  return <>{children}</>;
}
