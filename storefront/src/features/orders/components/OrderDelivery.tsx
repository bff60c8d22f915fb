import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { FulfilmentSummary, Order } from '@supply-hub/api/contracts';
import { backorderText } from '@supply-hub/api/contracts/receipt-text.rules';

import type { OrderScope } from '../api/get-order';
import { FULFILMENT_STEPS, progressOf } from '../fulfilment-progress.rules';
import { DAY } from './delivery-format';
import { OrderHistory } from './OrderHistory';
import { ReceiveControls } from './ReceiveControls';

export interface DeliveryOrder extends Pick<Order, 'id' | 'order_number' | 'lines'> {
  fulfilment_summary: FulfilmentSummary | null;
}

/**
 * What happened to a sent order after the supplier, from the list's summary: a progress line
 * (ordered → confirmed → shipped → received), tracking links, backorders and rejections with their
 * dates and reasons, and receiving. The order is read in full only when its history or the per-line
 * receiving form is opened. Live: the order's server events refetch the list.
 */
export function OrderDelivery({ order, scope }: { order: DeliveryOrder; scope: OrderScope }) {
  const summary = order.fulfilment_summary;
  if (!summary) return null;
  const progress = progressOf(summary.fulfilment_status);
  const titleOf = (lineNumber: number) =>
    order.lines.find((line) => line.line_number === lineNumber)?.title ?? `Line ${lineNumber}`;
  return (
    <Box component="section" aria-label={`Delivery of ${order.order_number}`} sx={{ mt: 1.5, minWidth: 0 }}>
      <Stepper
        activeStep={progress.isComplete ? FULFILMENT_STEPS.length : progress.activeStep}
        alternativeLabel
        sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}
      >
        {FULFILMENT_STEPS.map((step) => (
          <Step key={step}>
            <StepLabel>{step}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid="fulfilment-status">
        {progress.label}
        {summary.expected_delivery_date && !progress.isComplete
          ? ` · expected ${DAY.format(new Date(summary.expected_delivery_date))}`
          : ''}
        {summary.is_overdue ? ' · overdue' : ''}
      </Typography>
      {summary.tracking.map((shipment) => (
        <Typography key={shipment.shipment_id} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {shipment.carrier ?? 'Carrier'} {shipment.tracking_number ?? shipment.shipment_id}
          {shipment.tracking_url && (
            <>
              {' · '}
              {/* A tap target of at least 24 × 24 px (WCAG 2.5.8), not just the text's line. */}
              <Link
                href={shipment.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 24, minWidth: 24, py: 0.5 }}
              >
                Track shipment
              </Link>
            </>
          )}
        </Typography>
      ))}
      {summary.backorders.map((line) => (
        <Typography
          key={`b${line.line_number}`}
          variant="body2"
          color={line.outstanding > 0 ? 'warning.main' : 'text.secondary'}
        >
          {backorderText(
            line,
            titleOf(line.line_number),
            line.delivery_date ? DAY.format(new Date(line.delivery_date)) : null,
          )}
        </Typography>
      ))}
      {summary.rejections.map((line) => (
        <Typography key={`r${line.line_number}`} variant="body2" color="error">
          {line.quantity} × {titleOf(line.line_number)} rejected by the supplier
          {line.reason ? `: ${line.reason}` : ''}
        </Typography>
      ))}
      <ReceiveControls order={order} scope={scope} toReceive={summary.to_receive} titleOf={titleOf} />
      <OrderHistory orderId={order.id} scope={scope} titleOf={titleOf} />
    </Box>
  );
}
