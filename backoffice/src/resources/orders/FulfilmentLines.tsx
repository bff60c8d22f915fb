import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FulfilmentLine } from '@supply-hub/api/contracts';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useTranslate } from 'react-admin';

import { formatDate } from '../../i18n/format';

const COLUMNS = ['line', 'item', 'ordered', 'confirmed', 'backordered', 'rejected', 'shipped', 'received'] as const;

/** A supplier's price change or substitution: the old and the new figures side by side. */
function ReviewNotice({ line }: { line: FulfilmentLine }) {
  const translate = useTranslate();
  const review = line.needs_review;
  if (!review) return null;
  return (
    <Alert severity="warning" role="status">
      <AlertTitle>{translate('supply_hub.fulfilment.lines.review_title', { line: line.line_number })}</AlertTitle>
      {review.new_unit_price !== null && (
        <Typography variant="body2">
          {translate('supply_hub.fulfilment.lines.review_price', {
            old: formatUsd(review.old_unit_price),
            new: formatUsd(review.new_unit_price),
          })}
        </Typography>
      )}
      {review.new_supplier_part_id !== null && (
        <Typography variant="body2">
          {translate('supply_hub.fulfilment.lines.review_part', {
            old: review.old_supplier_part_id,
            new: review.new_supplier_part_id,
          })}
        </Typography>
      )}
    </Alert>
  );
}

/** Per line: ordered, confirmed, backordered (until when), rejected (why), shipped and received. */
export function FulfilmentLines({ lines }: { lines: FulfilmentLine[] }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`supply_hub.fulfilment.lines.${key}`, options);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} align={column === 'item' ? 'left' : 'right'}>
                  {t(column)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.line_number}>
                <TableCell align="right">{line.line_number}</TableCell>
                <TableCell>
                  {line.title}
                  {line.needs_review && <Chip size="small" color="warning" label={t('needs_review')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell align="right">{line.ordered}</TableCell>
                <TableCell align="right">{line.confirmed_quantity}</TableCell>
                <TableCell align="right">
                  {line.backordered_quantity}
                  {line.backordered_quantity > 0 && line.delivery_date && (
                    <Typography variant="caption" component="div">
                      {t('until', { date: formatDate(line.delivery_date) })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  {line.rejected_quantity}
                  {line.rejected_quantity > 0 && line.rejection_reason && (
                    <Typography variant="caption" component="div" color="error.main">
                      {line.rejection_reason}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{line.shipped_quantity}</TableCell>
                <TableCell align="right">{line.received_quantity}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {lines.map((line) => (
        <ReviewNotice key={line.line_number} line={line} />
      ))}
    </Box>
  );
}
