import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderEvent } from '@supply-hub/api/contracts';
import { useTranslate } from 'react-admin';

import { formatDateTime } from '../../i18n/format';

/** Everything that happened to the order, oldest first: what, who (a person, the system or the supplier) and when. */
export function FulfilmentTimeline({ events }: { events: OrderEvent[] }) {
  const translate = useTranslate();
  return (
    <Box
      component="ol"
      aria-label={translate('supply_hub.fulfilment.events.label')}
      sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}
    >
      {events.map((event, index) => (
        <li key={`${event.type}-${event.at}-${index}`}>
          <Typography variant="body2">
            <Box component="span" sx={{ fontWeight: 500 }}>
              {translate(`supply_hub.fulfilment.events.type.${event.type}`, { _: event.type })}
            </Box>
            {` · ${event.actor} · `}
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          </Typography>
        </li>
      ))}
    </Box>
  );
}
