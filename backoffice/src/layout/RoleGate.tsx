import { isAdmin, type Role } from '@supply-hub/api/contracts';
import { useEffect, type ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';

import { ReportsPage } from '../pages';

/**
 * Route rules of admin-portal §2.1 on the client (the API enforces them again): finance sees
 * reports only; roles without back-office access go to the storefront's catalogue.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<Role[]>();
  const location = useLocation();
  const navigate = useNavigate();
  const roles = permissions ?? [];
  const isAdministrator = isAdmin(roles);
  const isFinanceOnly = !isAdministrator && roles.includes('finance');
  const isOutsider = !isPending && !isAdministrator && !isFinanceOnly;

  useEffect(() => {
    if (isPending) return;
    if (isOutsider) window.location.assign('/catalog');
    else if (isFinanceOnly && location.pathname !== ReportsPage.path) navigate(ReportsPage.path, { replace: true });
  }, [isPending, isOutsider, isFinanceOnly, location.pathname, navigate]);

  if (isPending || isOutsider) return null;
  return <>{children}</>;
}
