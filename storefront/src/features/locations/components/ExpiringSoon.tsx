import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExpiringLot } from '@supply-hub/api/contracts';
import { expiryText } from '@supply-hub/api/contracts/expiring-stock.rules';

import { locationExpiringCsvUrl, useLocationExpiring } from '../api/get-location-expiring';

export const EXPIRING_SOON_ID = 'expiring-soon';

function LotCard({ lot }: { lot: ExpiringLot }) {
  const isUrgent = lot.is_expired || lot.is_recalled;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, borderColor: isUrgent ? 'error.main' : undefined }}
      data-testid="expiring-lot"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 700 }}>{lot.expiry_date}</Typography>
        <Typography color={lot.is_expired ? 'error' : 'text.secondary'}>{expiryText(lot)}</Typography>
        {lot.is_expired && <Chip size="small" color="error" label="Expired" />}
        {lot.is_recalled && <Chip size="small" color="error" variant="outlined" label="Recalled" />}
      </Stack>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', mt: 0.5 }}>{lot.title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Lot {lot.lot ?? 'not recorded'} · {lot.quantity} received · {lot.location ?? 'Unknown location'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Received by {lot.received_by} on {new Date(lot.received_at).toLocaleDateString()} · {lot.order_number}
      </Typography>
    </Paper>
  );
}

/**
 * The location's "Expiring soon" list: the lots delivered here that expire within 90 days (or
 * expired at most 90 days ago), soonest first, with what was received, where and by whom; expired
 * and recalled lots marked. The CSV is the same list.
 */
export function ExpiringSoon({ locationId }: { locationId: string }) {
  const { data, error } = useLocationExpiring(locationId);

  function content() {
    if (!data) {
      if (!error) return <Typography role="status">Loading</Typography>;
      return <Alert severity="error">Could not load the expiring lots: {error.message}</Alert>;
    }
    if (data.data.length === 0) {
      return (
        <Typography color="text.secondary">Nothing received here expires within {data.within_days} days.</Typography>
      );
    }
    return (
      <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Expiring lots">
        {data.data.map((lot, index) => (
          <LotCard key={`${lot.order_number}-${lot.lot ?? ''}-${lot.expiry_date}-${index}`} lot={lot} />
        ))}
      </Stack>
    );
  }

  return (
    <Box
      component="section"
      id={EXPIRING_SOON_ID}
      aria-labelledby={`${EXPIRING_SOON_ID}-heading`}
      // "See what expires soon" scrolls here: below the fixed app bar, not under it.
      sx={{ mt: 3, scrollMarginTop: 80 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2" id={`${EXPIRING_SOON_ID}-heading`}>
          Expiring soon
        </Typography>
        {data && data.data.length > 0 && (
          <Button
            component="a"
            href={locationExpiringCsvUrl(locationId)}
            download
            startIcon={<DownloadIcon />}
            sx={{ minHeight: 48 }}
          >
            Download CSV
          </Button>
        )}
      </Stack>
      {content()}
    </Box>
  );
}
