import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';

import type { AuditEvent } from '../../providers/records';

/** The audit log (admin only), read only: a list with filters and CSV export, and a show view. */
export const auditEvents = {
  list: lazy(() => import('./AuditEventList')),
  show: lazy(() => import('./AuditEventShow')),
  icon: HistoryIcon,
  recordRepresentation: (event: AuditEvent) => event.action,
};
