import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Order } from '@supply-hub/api/contracts';
import { useTranslate } from 'react-admin';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { SupplierQuoteLines } from './SupplierQuoteLines';

const IMAGE_SIZE = 56;

function LineImage({ url }: { url: string | null }) {
  if (!url) {
    return (
      <Box
        aria-hidden
        sx={{
          width: IMAGE_SIZE,
          height: IMAGE_SIZE,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.100',
          borderRadius: 1,
          color: 'text.secondary',
          flexShrink: 0,
        }}
      >
        <ImageNotSupportedOutlinedIcon fontSize="small" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt=""
      loading="lazy"
      width={IMAGE_SIZE}
      height={IMAGE_SIZE}
      sx={{ objectFit: 'contain', bgcolor: 'grey.50', borderRadius: 1, flexShrink: 0 }}
    />
  );
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Line items as submitted (the snapshot): image, title, 'Qty × price', ASIN and line total. A line an
 * approver rejected is struck through, with the reason, who, at which level and when.
 * A line from the supplier's PunchOut shop says so, and shows a price well below the last one seen.
 */
export function OrderLineItems({ lines }: { lines: Order['lines'] }) {
  const translate = useTranslate();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {lines.map((line) => {
        const struck = line.rejection ? { textDecoration: 'line-through', color: 'text.disabled' } : {};
        return (
          <Box component="li" key={line.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <LineImage url={line.image_url} />
            <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500, ...struck }}>{line.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('supply_hub.orders.quantity_times_price', {
                  quantity: line.quantity,
                  price: formatUsd(line.unit_price),
                })}
                {' · '}
                {translate('supply_hub.orders.asin', { asin: line.asin })}
              </Typography>
              <SupplierQuoteLines line={line} />
              {line.rejection && (
                <Typography variant="body2" color="warning.dark">
                  {translate('supply_hub.orders.line_rejected', { reason: line.rejection.reason })}
                  {' — '}
                  {translate('supply_hub.orders.line_rejected_by', {
                    who: line.rejection.rejected_by,
                    level: line.rejection.level,
                    date: DATE.format(new Date(line.rejection.rejected_at)),
                  })}
                </Typography>
              )}
            </Box>
            <Typography sx={{ fontWeight: 500, whiteSpace: 'nowrap', ...struck }}>
              {formatUsd(line.total_price)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
