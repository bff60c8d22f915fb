import { useEffect, type ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';

import { ReportsPage } from '../pages';
import type { Permissions } from '../providers/authProvider';

/**
 * Route rules of admin-portal §2.1 on the client (the API enforces them again): finance sees
 * reports only; roles without back-office access go to the storefront's catalogue.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<Permissions>();
  const location = useLocation();
  const navigate = useNavigate();
  const isAdministrator = permissions?.isAdmin ?? false;
  const isFinanceOnly = !isAdministrator && (permissions?.roles.includes('finance') ?? false);
  const isOutsider = !isPending && !isAdministrator && !isFinanceOnly;
  // Rendered even once, another page would already ask the API for what finance may not read.
  const isFinanceElsewhere = isFinanceOnly && location.pathname !== ReportsPage.path;

  useEffect(() => {
    if (isPending) return;
    if (isOutsider) window.location.assign('/catalog');
    else if (isFinanceElsewhere) navigate(ReportsPage.path, { replace: true });
  }, [isPending, isOutsider, isFinanceElsewhere, navigate]);

  if (isPending || isOutsider || isFinanceElsewhere) return null;
  return <>{children}</>;
}
