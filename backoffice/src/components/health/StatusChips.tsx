import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

import type { CheckStatus } from './health-checks.rules';

const CHECK_COLORS = { pending: 'default', pass: 'success', fail: 'error', not_configured: 'info' } as const;

/** pending / PASS / FAIL / Not configured. */
export function CheckStatusChip({ status }: { status: CheckStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={CHECK_COLORS[status]}
      variant={status === 'pending' ? 'outlined' : 'filled'}
      label={translate(`supply_hub.check.${status}`)}
    />
  );
}

/** Set / Missing: whether a credential is configured (its value is never shown). */
export function PresenceChip({ isSet }: { isSet: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={isSet ? 'success' : 'warning'}
      label={translate(isSet ? 'supply_hub.check.set' : 'supply_hub.check.missing')}
    />
  );
}

/** A two-state badge: Enabled / Disabled, Configured / Disabled, PASS / FAIL … */
export function StateChip({
  isOn,
  onLabel,
  offLabel,
  offColor = 'default',
}: {
  isOn: boolean;
  onLabel: string;
  offLabel: string;
  offColor?: 'default' | 'error' | 'warning';
}) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={isOn ? 'success' : offColor}
      variant={isOn || offColor !== 'default' ? 'filled' : 'outlined'}
      label={translate(isOn ? onLabel : offLabel)}
    />
  );
}
