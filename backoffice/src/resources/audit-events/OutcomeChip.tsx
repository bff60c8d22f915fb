import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';

import type { AuditEvent } from '../../providers/records';

export function OutcomeChip() {
  const event = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  if (!event) return null;
  const isSuccess = event.outcome === 'success';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isSuccess ? 'success' : 'error'}
      label={translate(isSuccess ? 'supply_hub.audit_log.outcome_success' : 'supply_hub.audit_log.outcome_failure')}
    />
  );
}
