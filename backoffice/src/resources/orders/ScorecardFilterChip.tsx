import Chip from '@mui/material/Chip';
import type { ScorecardMeasure } from '@supply-hub/api/contracts';
import { useListContext, useTranslate } from 'react-admin';

import type { FilterSetter } from '../../components/useListFilterSetter';

/** What each scorecard figure's orders are, in the chip's words. */
const MEASURE_LABELS: Record<ScorecardMeasure, string> = {
  sent: 'sent',
  acknowledged: 'confirmed',
  acknowledged_24h: 'confirmed within 24 h',
  with_backorder: 'with a backordered line',
  with_rejection: 'with a line rejected by the supplier',
  with_price_change: 'with a price change proposed',
  delivery_due: 'due for delivery',
  on_time: 'received on time',
  received_in_full: 'received in full',
  invoiced: 'invoiced',
  matched_first_time: 'invoice matched first time',
  exception_price: 'invoice exception: price',
  exception_quantity: 'invoice exception: quantity',
  exception_not_on_order: 'invoice exception: not on order',
  exception_totals: 'invoice exception: totals',
  exception_other: 'invoice exception: other',
  perfect: 'perfect',
};

type ScorecardFilterValues = { scorecard?: ScorecardMeasure; supplier?: string; sent_month?: string };

/** The supplier scorecard's filter (set by a figure's link), shown and removable in one piece. */
export function ScorecardFilterChip({ setFilter }: { setFilter: FilterSetter }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { scorecard, supplier, sent_month: month } = filterValues as ScorecardFilterValues;
  if (!scorecard && !supplier && !month) return null;
  const parts = [supplier, month, MEASURE_LABELS[scorecard ?? 'sent']].filter(Boolean).join(' · ');
  return (
    <Chip
      label={`${translate('supply_hub.orders.scorecard_filter', { _: 'Supplier scorecard' })}: ${parts}`}
      onDelete={() => {
        setFilter('scorecard', undefined);
        setFilter('supplier', undefined);
        setFilter('sent_month', undefined);
      }}
      sx={{ alignSelf: 'center' }}
    />
  );
}
