import { useRecordContext, useTranslate } from 'react-admin';

import type { AuditEvent } from '../../providers/records';

/** The target as a reader knows it (order number, e-mail, product title); its id only when it is gone. */
export function AuditTargetField() {
  const event = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  if (!event) return null;
  const kind = event.target_type
    ? translate(`supply_hub.audit_log.target.${event.target_type}`, { _: event.target_type })
    : '';
  const name = event.target_label ?? event.target_id;
  if (!name) return <span>{kind || '—'}</span>;
  return <span>{kind ? `${kind} ${name}` : name}</span>;
}
