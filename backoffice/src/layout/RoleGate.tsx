import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, type ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';

import { ReportsPage } from '../pages';
import type { Permissions } from '../providers/authProvider';

const STOREFRONT_CATALOGUE = '/catalog';
const STOREFRONT_SETTINGS = '/settings';

/**
 * Route rules of admin-portal §2.1 on the client (the API enforces them again): finance sees
 * reports only; roles without back-office access go to the storefront's catalogue, and an admin who
 * must set up two-step sign-in to the storefront's Settings.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const { permissions, isPending, error, refetch } = usePermissions<Permissions>();
  const location = useLocation();
  const navigate = useNavigate();
  const isAdministrator = permissions?.isAdmin ?? false;
  const isFinanceOnly = !isAdministrator && (permissions?.roles.includes('finance') ?? false);
  // Unknown is not "no access": a failed check (a restart, a network blip) must not send an admin away.
  const isOutsider = !isPending && !error && !isAdministrator && !isFinanceOnly;
  // Every admin API call would be refused until then (MFA_ENROLLMENT_REQUIRED).
  const mustEnrollMfa = permissions?.mustEnrollMfa ?? false;
  // Rendered even once, another page would already ask the API for what finance may not read.
  const isFinanceElsewhere = isFinanceOnly && location.pathname !== ReportsPage.path;

  useEffect(() => {
    if (isPending) return;
    if (mustEnrollMfa) window.location.assign(STOREFRONT_SETTINGS);
    else if (isOutsider) window.location.assign(STOREFRONT_CATALOGUE);
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
