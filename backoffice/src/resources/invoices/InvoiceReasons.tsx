import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { formatDateTime } from '../../i18n/format';
import type { Invoice } from '../../providers/records';

/** The invoice's lines, each with why it did not match (or that it matches), and the invoice-wide reasons. */
export function InvoiceReasons() {
  const invoice = useRecordContext<Invoice>();
  const translate = useTranslate();
  if (!invoice) return null;
  return (
    <Box sx={{ py: 1 }} data-testid="invoice-reasons">
      {invoice.credited_invoice_id && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('supply_hub.invoices.credits_invoice', { invoice: invoice.credited_invoice_id })}
        </Alert>
      )}
      {invoice.withdrawn_at && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('supply_hub.invoices.withdrawn_on', { date: formatDateTime(invoice.withdrawn_at) })}
        </Alert>
      )}
      {invoice.reasons.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          <strong>{translate('supply_hub.invoices.invoice_reasons')}:</strong> {invoice.reasons.join('; ')}
        </Alert>
      )}
      {invoice.lines.map((line) => (
        <Box key={line.invoice_line_number} sx={{ mb: 0.5 }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {translate('supply_hub.invoices.line', {
              line: line.invoice_line_number,
              order_line: line.line_number,
            })}
            :{' '}
          </Typography>
          <Typography variant="body2" component="span">
            {translate('supply_hub.invoices.line_detail', {
              quantity: line.quantity,
              price: formatUsd(line.unit_price),
              order_price: formatUsd(line.order_unit_price),
              received: line.received_quantity,
            })}
          </Typography>
          <Typography variant="body2" color={line.reasons.length > 0 ? 'error' : 'success.main'} sx={{ pl: 2 }}>
            {line.reasons.length > 0 ? line.reasons.join('; ') : translate('supply_hub.invoices.line_matched')}
          </Typography>
        </Box>
      ))}
      {invoice.decision_note && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('supply_hub.invoices.decided')}: {invoice.decided_by} — {invoice.decision_note}
        </Typography>
      )}
    </Box>
  );
}
