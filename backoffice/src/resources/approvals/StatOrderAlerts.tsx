import { usePermissions } from 'react-admin';

import { backOfficePagesFor } from '../../layout/back-office-pages.rules';
import type { Permissions } from '../../providers/authProvider';
import { useStatOrderAlerts } from './useStatOrderAlerts';

/**
 * STAT orders announced on every page to those who open the Approvals inbox. Part of the layout,
 * not of the menu: on a phone the menu is a drawer that is unmounted while closed.
 */
export function StatOrderAlerts() {
  const { permissions } = usePermissions<Permissions>();
  useStatOrderAlerts(backOfficePagesFor(permissions?.roles ?? []).hasFinancePages);
  return null;
}
