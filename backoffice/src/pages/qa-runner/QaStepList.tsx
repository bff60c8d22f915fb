import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import type { QaStepStatus } from '../../providers/records';

const COLORS: Record<QaStepStatus, ChipProps['color']> = {
  pending: 'default',
  running: 'info',
  success: 'success',
  error: 'error',
};

export function QaStatusChip({ status }: { status: QaStepStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      variant={status === 'pending' ? 'outlined' : 'filled'}
      label={translate(`supply_hub.qa.status.${status}`, { _: status })}
      icon={status === 'running' ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
    />
  );
}

/** The steps as an ordered list: number, name, status and message. */
export function QaStepList({
  steps,
  label,
}: {
  steps: readonly { name: string; status: QaStepStatus; message?: string | null }[];
  label: string;
}) {
  return (
    <Box component="ol" aria-label={label} sx={{ m: 0, pl: 4, display: 'grid', gap: 1 }}>
      {steps.map((step, index) => (
        <Box component="li" key={`${index}-${step.name}`} aria-label={step.name} data-status={step.status}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500, minWidth: 260 }}>{step.name}</Typography>
            <QaStatusChip status={step.status} />
            {step.message && (
              <Typography
                variant="body2"
                color={step.status === 'error' ? 'error.main' : 'text.secondary'}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {step.message}
              </Typography>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
