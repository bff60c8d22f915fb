import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { STAT_CHIP_LABEL } from '@supply-hub/api/contracts';

/** The red chip of a STAT order (needed today), with its reason; such orders come first in the lists. */
export function StatChip({ reason }: { reason: string | null }) {
  const description = reason ? `STAT order, needed today: ${reason}` : 'STAT order, needed today';
  return (
    <Tooltip title={description}>
      <Chip label={STAT_CHIP_LABEL} color="error" size="small" aria-label={description} sx={{ fontWeight: 700 }} />
    </Tooltip>
  );
}
