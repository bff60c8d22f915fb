import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** The requester's delivery instructions, as the supplier will receive them; nothing when none. */
export function DeliveryNote({ note }: { note: string | null }) {
  const translate = useTranslate();
  if (!note) return null;
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
      <Box component="span" sx={{ fontWeight: 500 }}>
        {translate('supply_hub.orders.delivery_note')}:
      </Box>{' '}
      {note}
    </Typography>
  );
}
