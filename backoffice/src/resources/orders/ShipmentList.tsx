import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Shipment } from '@supply-hub/api/contracts';
import { useTranslate } from 'react-admin';

import { formatDate } from '../../i18n/format';

/** The ship notices in force: carrier, tracking number and link, dates, and lot/expiry per line. */
export function ShipmentList({ shipments }: { shipments: Shipment[] }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`supply_hub.fulfilment.shipments.${key}`, options);
  if (shipments.length === 0) return <Typography color="text.secondary">{t('none')}</Typography>;
  return (
    <Box component="ul" aria-label={t('title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {shipments.map((shipment) => (
        <Box component="li" key={shipment.shipment_id} sx={{ display: 'grid', gap: 0.25 }}>
          <Typography sx={{ fontWeight: 500 }}>{t('shipment', { id: shipment.shipment_id })}</Typography>
          <Typography variant="body2">
            {[shipment.carrier, shipment.tracking_number ?? t('no_tracking')].filter(Boolean).join(' ')}
            {shipment.tracking_url && (
              <>
                {' · '}
                <Link href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                  {t('track')}
                </Link>
              </>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              shipment.shipment_date && t('shipped_on', { date: formatDate(shipment.shipment_date) }),
              shipment.delivery_date && t('delivery', { date: formatDate(shipment.delivery_date) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {shipment.lines.map((line, index) => (
            <Typography variant="body2" key={`${line.line_number}-${index}`}>
              {[
                t('line', { line: line.line_number, quantity: line.quantity }),
                line.lot && t('lot', { lot: line.lot }),
                line.expiry_date && t('expires', { date: formatDate(line.expiry_date) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
