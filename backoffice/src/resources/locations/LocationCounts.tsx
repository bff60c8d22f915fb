import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LocationCount } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';

import { formatDateTime } from '../../i18n/format';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import type { LocationRecord } from '../../providers/records';

function outcomeText(count: LocationCount, translate: ReturnType<typeof useTranslate>): string {
  if (count.outcome === 'order') return translate('supply_hub.locations.count_ordered', { order: count.order_number });
  if (count.outcome === 'cart') return translate('supply_hub.locations.count_in_cart');
  return count.packs === 0
    ? translate('supply_hub.locations.count_at_par')
    : translate('supply_hub.locations.count_open');
}

/** The location's latest counts: who counted, when, each item's count, and what it became. */
export function LocationCounts() {
  const location = useRecordContext<LocationRecord>();
  const dataProvider = useSupplyHubDataProvider();
  const translate = useTranslate();
  const counts = useQuery({
    queryKey: ['locations', location?.id, 'counts'],
    queryFn: () => dataProvider.getLocationCounts(location?.id ?? ''),
    enabled: Boolean(location?.id),
  });
  if (!location) return null;
  return (
    <section aria-labelledby="location-counts-title">
      <Typography id="location-counts-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {translate('supply_hub.locations.counts_title')}
      </Typography>
      {counts.isError && <Alert severity="error">{translate('supply_hub.locations.counts_failed')}</Alert>}
      {counts.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('supply_hub.locations.counts_none')}
        </Typography>
      )}
      {counts.data && counts.data.length > 0 && (
        <Table size="small" aria-labelledby="location-counts-title">
          <TableHead>
            <TableRow>
              <TableCell>{translate('supply_hub.locations.count_when')}</TableCell>
              <TableCell>{translate('supply_hub.locations.count_who')}</TableCell>
              <TableCell>{translate('supply_hub.locations.count_items')}</TableCell>
              <TableCell>{translate('supply_hub.locations.count_outcome')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {counts.data.map((count) => (
              <TableRow key={count.id}>
                <TableCell>{formatDateTime(count.counted_at)}</TableCell>
                <TableCell>{count.counted_by ?? '—'}</TableCell>
                <TableCell>
                  {count.lines
                    .map((line) =>
                      translate('supply_hub.locations.count_line', {
                        title: line.title,
                        on_hand: line.on_hand,
                        par: line.par,
                        packs: line.quantity,
                      }),
                    )
                    .join(' · ')}
                </TableCell>
                <TableCell>{outcomeText(count, translate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
