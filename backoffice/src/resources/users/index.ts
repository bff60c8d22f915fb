import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';

/** Users & Roles (admin-portal §2.5): one list; roles, approval and disabling are commands on its rows. */
export const users = {
  list: lazy(() => import('./UserList')),
  icon: PeopleIcon,
  // The e-mail is what tells two accounts apart (the display name need not).
  recordRepresentation: 'email',
};
