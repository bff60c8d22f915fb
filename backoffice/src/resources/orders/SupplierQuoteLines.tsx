import Typography from '@mui/material/Typography';
import type { Order } from '@supply-hub/api/contracts';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useTranslate } from 'react-admin';

import { formatDateTime } from '../../i18n/format';

type Line = Order['lines'][number];

/**
 * What an approver is told of a line bought in the supplier's PunchOut shop: priced as quoted and,
 * when that price is well below the last one seen for the part, the earlier price and where it was.
 */
export function SupplierQuoteLines({ line }: { line: Line }) {
  const translate = useTranslate();
  const quote = line.supplier_quote;
  if (!quote) return null;
  const drop = quote.price_drop;
  const prices = { price: formatUsd(line.unit_price), previous: drop && formatUsd(drop.previous_unit_price) };
  return (
    <>
      <Typography variant="body2" color="info.dark">
        {translate('supply_hub.orders.supplier_quote', { unit: quote.unit_of_measure })}
      </Typography>
      {drop && (
        <Typography variant="body2" color="warning.dark" sx={{ fontWeight: 500 }}>
          {drop.previous_order_number
            ? translate('supply_hub.orders.supplier_price_drop', { ...prices, order: drop.previous_order_number })
            : translate('supply_hub.orders.supplier_price_drop_returned', {
                ...prices,
                date: formatDateTime(drop.previous_seen_at),
              })}
        </Typography>
      )}
    </>
  );
}

/** Said once under lines with supplier quotes: nothing signs a PunchOut cart on its way back. */
export function SupplierPricesNote({ lines }: { lines: readonly Line[] }) {
  const translate = useTranslate();
  if (!lines.some((line) => line.supplier_quote)) return null;
  return (
    <Typography role="note" variant="body2" color="text.secondary">
      {translate('supply_hub.orders.supplier_prices_note')}
    </Typography>
  );
}
