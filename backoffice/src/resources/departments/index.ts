import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { lazy } from 'react';

import type { Department } from '../../providers/records';

/** Departments (cost centres): a list, create and edit; deactivating is the edit's Active switch. */
export const departments = {
  list: lazy(() => import('./DepartmentList')),
  create: lazy(() => import('./DepartmentCreate')),
  edit: lazy(() => import('./DepartmentEdit')),
  icon: AccountTreeIcon,
  recordRepresentation: (department: Department) => `${department.code} — ${department.name}`,
};
