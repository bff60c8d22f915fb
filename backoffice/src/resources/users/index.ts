import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';

/**
 * Users & Roles (admin-portal §2.5): one list; roles, approval and disabling are commands on its
 * rows; Edit sets the department and the per-user limits.
 */
export const users = {
  list: lazy(() => import('./UserList')),
  edit: lazy(() => import('./UserEdit')),
  create: lazy(() => import('./UserCreate')),
  icon: PeopleIcon,
  // The e-mail is what tells two accounts apart (the display name need not).
  recordRepresentation: 'email',
};
