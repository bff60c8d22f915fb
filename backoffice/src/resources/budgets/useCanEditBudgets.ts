import { usePermissions } from 'react-admin';

import type { Permissions } from '../../providers/authProvider';

/** Admins set budgets; finance reads them only (the API answers 403 to finance's writes). */
export function useCanEditBudgets(): boolean {
  const { permissions } = usePermissions<Permissions>();
  return permissions?.isAdmin ?? false;
}
