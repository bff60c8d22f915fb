import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

import { formatDateTime } from '../../i18n/format';
import type { AdminOrder } from '../../providers/records';

const ROLE_NAMES: Record<string, string> = { admin: 'an administrator', finance: 'finance' };

function approversOf(roles: readonly string[]): string {
  return roles.map((role) => ROLE_NAMES[role] ?? role.replace(/_/g, ' ')).join(' or ');
}

/**
 * The order's approvals (who, level, when) and the levels it still waits for. Hidden on
 * an order that only waits for its one first level, as every order did before approval levels.
 */
export function OrderApprovals({ approval }: { approval: AdminOrder['approval'] }) {
  const translate = useTranslate();
  const headingId = useId();
  const isPlainFirstLevel = approval.approvals.length === 0 && approval.waiting_for.every((level) => level.level === 1);
  if (isPlainFirstLevel) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 0.5 }}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {translate('supply_hub.approvals.heading')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {approval.approvals.map((given) => (
          <Typography component="li" variant="body2" key={given.level}>
            {translate('supply_hub.approvals.approved', { level: given.level, approver: given.approver })}
            {' · '}
            <time dateTime={given.approved_at}>{formatDateTime(given.approved_at)}</time>
          </Typography>
        ))}
        {approval.waiting_for.map((level) => (
          <Typography component="li" variant="body2" color="warning.dark" key={level.level}>
            {translate('supply_hub.approvals.waiting', {
              level: level.level,
              roles: approversOf(level.roles),
              threshold: formatUsd(level.threshold),
            })}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
