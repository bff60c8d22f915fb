import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { STAT_CHIP_LABEL } from '@supply-hub/api/contracts';

/** The red chip of a STAT order (needed today); its reason in the tooltip and for screen readers. */
export function StatChip({ reason }: { reason: string | null }) {
  return (
    <Tooltip title={reason ? `Needed today: ${reason}` : 'Needed today'}>
      <Chip
        label={STAT_CHIP_LABEL}
        color="error"
        size="small"
        aria-label={reason ? `STAT order, needed today: ${reason}` : 'STAT order, needed today'}
        sx={{ fontWeight: 700 }}
      />
    </Tooltip>
  );
}
