import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { lazy } from 'react';

import type { Budget } from '../../providers/records';

/** Department budgets: admins set and change them, finance reads them and their history; the list shows this period's figures. */
export const budgets = {
  list: lazy(() => import('./BudgetList')),
  create: lazy(() => import('./BudgetCreate')),
  edit: lazy(() => import('./BudgetEdit')),
  show: lazy(() => import('./BudgetShow')),
  icon: AccountBalanceWalletIcon,
  recordRepresentation: (budget: Budget) => budget.department_name,
};
