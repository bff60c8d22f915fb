import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { STOREFRONT_HOME_PATH } from '@supply-hub/api/contracts/roles.rules';
import { useEffect, type ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';

import type { Permissions } from '../providers/authProvider';
import { backOfficePagesFor, canOpenPage, landingPathFor } from './back-office-pages.rules';

const STOREFRONT_SETTINGS = '/settings';

/**
 * Route rules of admin-portal §2.1 on the client (the API enforces them again): a user opens the
 * pages of any of their roles (back-office-pages.rules.ts, which the menu reads too); one without
 * back-office pages goes to the storefront's catalogue, and an admin who must set up two-step
 * sign-in to the storefront's Settings.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const { permissions, isPending, error, refetch } = usePermissions<Permissions>();
  const location = useLocation();
  const navigate = useNavigate();
  const pages = backOfficePagesFor(permissions?.roles ?? []);
  const landingPath = landingPathFor(pages);
  // Unknown is not "no access": a failed check (a restart, a network blip) must not send an admin away.
  const isOutsider = !isPending && !error && !pages.isEverything && landingPath === null;
  // Every admin API call would be refused until then (MFA_ENROLLMENT_REQUIRED).
  const mustEnrollMfa = permissions?.mustEnrollMfa ?? false;
  // Rendered even once, another page would already ask the API for what this user may not read.
  const redirectTo = !isPending && !error && !canOpenPage(pages, location.pathname) ? landingPath : null;

  useEffect(() => {
    if (isPending) return;
    if (mustEnrollMfa) window.location.assign(STOREFRONT_SETTINGS);
    else if (isOutsider) window.location.assign(STOREFRONT_HOME_PATH);
    else if (redirectTo) navigate(redirectTo, { replace: true });
  }, [isPending, mustEnrollMfa, isOutsider, redirectTo, navigate]);

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
  if (isPending || mustEnrollMfa || isOutsider || redirectTo) return null;
  return <>{children}</>;
}
