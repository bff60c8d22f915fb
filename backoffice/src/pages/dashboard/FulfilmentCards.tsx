import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorMessageOf } from '../../providers/httpClient';
import type { AdminOrderFulfilmentFilter, FulfilmentCounts } from '../../providers/records';
import { StatCard } from '../reports/StatCard';

/** Each card: its count, and the orders list filtered to the orders it counts. */
const CARDS = [
  { title: 'backordered_lines', hint: 'backordered_hint', count: 'backordered_lines', filter: 'has_backorder' },
  { title: 'awaiting_receipt', hint: 'awaiting_hint', count: 'awaiting_receipt', filter: 'awaiting_receipt' },
  { title: 'overdue', hint: 'overdue_hint', count: 'overdue', filter: 'overdue' },
] as const satisfies readonly {
  title: string;
  hint: string;
  count: keyof FulfilmentCounts;
  filter: AdminOrderFulfilmentFilter;
}[];

/** The orders list with one fulfilment filter, as react-admin reads it from the address. */
function ordersWith(fulfilment: AdminOrderFulfilmentFilter) {
  return { pathname: '/orders', search: `?${new URLSearchParams({ filter: JSON.stringify({ fulfilment }) })}` };
}

function ViewOrders({ fulfilment, label }: { fulfilment: AdminOrderFulfilmentFilter; label: string }) {
  const translate = useTranslate();
  return (
    <Link
      component={RouterLink}
      to={ordersWith(fulfilment)}
      aria-label={`${translate('supply_hub.dashboard_fulfilment.view')}: ${label}`}
    >
      {translate('supply_hub.dashboard_fulfilment.view')}
    </Link>
  );
}

/** Fulfilment on the dashboard: backordered lines, orders awaiting receipt, overdue orders. */
export function FulfilmentCards() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`supply_hub.dashboard_fulfilment.${key}`, options);
  const headingId = useId();
  const dataProvider = useSupplyHubDataProvider();
  const counts = useQuery({ queryKey: ['fulfilment-counts'], queryFn: () => dataProvider.getFulfilmentCounts() });
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {counts.error && (
        <Alert severity="error">
          {t('load_failed', { message: errorMessageOf(counts.error, translate('supply_hub.common.unknown_error')) })}
        </Alert>
      )}
      {counts.data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' }}>
          {CARDS.map((card) => (
            <StatCard
              key={card.filter}
              title={t(card.title)}
              value={String(counts.data[card.count])}
              help={
                <>
                  {t(card.hint, { smart_count: counts.data.orders_with_backorder })}
                  {' · '}
                  <ViewOrders fulfilment={card.filter} label={t(card.title)} />
                </>
              }
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
