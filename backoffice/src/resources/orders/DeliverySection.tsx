import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

import { formatDate } from '../../i18n/format';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorMessageOf } from '../../providers/httpClient';
import type { AdminOrder } from '../../providers/records';
import { Section } from './CollapsibleSection';
import { FulfilmentChip } from './FulfilmentChip';
import { FulfilmentLines } from './FulfilmentLines';
import { FulfilmentTimeline } from './FulfilmentTimeline';
import { InboundDocumentEntry } from './InboundDocumentEntry';
import { ShipmentList } from './ShipmentList';

function Part({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** GET /api/admin/orders/:id/fulfilment, loaded when the section opens. */
function DeliveryDetails({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const dataProvider = useSupplyHubDataProvider();
  const answer = useQuery({
    queryKey: ['orders', 'fulfilment', orderId],
    queryFn: () => dataProvider.getOrderFulfilment(orderId),
  });
  if (answer.isPending) return <LinearProgress aria-label={translate('supply_hub.common.loading')} />;
  if (answer.error) {
    return (
      <Alert severity="error">
        {translate('supply_hub.fulfilment.load_failed', {
          message: errorMessageOf(answer.error, translate('supply_hub.common.unknown_error')),
        })}
      </Alert>
    );
  }
  const { fulfilment, inbound_documents: documents } = answer.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="fulfilment-summary">
        {fulfilment.fulfilment_status && (
          <FulfilmentChip status={fulfilment.fulfilment_status} isOverdue={fulfilment.is_overdue} />
        )}
        {fulfilment.expected_delivery_date && (
          <Typography variant="body2">
            {translate('supply_hub.fulfilment.expected', { date: formatDate(fulfilment.expected_delivery_date) })}
          </Typography>
        )}
      </Box>
      <Part title="supply_hub.fulfilment.lines.title">
        <FulfilmentLines lines={fulfilment.lines} />
      </Part>
      <Part title="supply_hub.fulfilment.shipments.title">
        <ShipmentList shipments={fulfilment.shipments} />
      </Part>
      <Part title="supply_hub.fulfilment.events.title">
        <FulfilmentTimeline events={fulfilment.events} />
      </Part>
      <Part title="supply_hub.fulfilment.documents.title">
        {documents.length === 0 ? (
          <Typography color="text.secondary">{translate('supply_hub.fulfilment.documents.none')}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={translate('supply_hub.fulfilment.documents.label')}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {documents.map((document, index) => (
              <InboundDocumentEntry key={`${document.payload_id}-${index}`} entry={document} />
            ))}
          </Box>
        )}
      </Part>
    </Box>
  );
}

/** The order's delivery after the supplier: submitted orders only, loaded when opened. */
export function DeliverySection({ order }: { order: AdminOrder }) {
  if (order.status !== 'submitted') return null;
  return (
    <Section title="supply_hub.fulfilment.section">
      <DeliveryDetails orderId={order.id} />
    </Section>
  );
}
