import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import type { CheckState } from './health-checks.rules';
import { CheckStatusChip } from './StatusChips';

export interface NamedCheck extends CheckState {
  key: string;
  /** A translation key. */
  label: string;
}

/** Named checks, each with its status chip and message; a spinner beside the ones being run. */
export function CheckList({ checks, isRunning = false }: { checks: readonly NamedCheck[]; isRunning?: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {checks.map((check) => (
        <Box
          component="li"
          key={check.key}
          aria-label={translate(check.label)}
          sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <Box sx={{ minWidth: 96, display: 'flex', alignItems: 'center', gap: 1 }}>
            <CheckStatusChip status={check.status} />
            {isRunning && check.status === 'pending' && (
              <CircularProgress size={16} aria-label={translate('supply_hub.check.running')} />
            )}
          </Box>
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography sx={{ fontWeight: 500 }}>{translate(check.label)}</Typography>
            {check.message && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {check.message}
              </Typography>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
