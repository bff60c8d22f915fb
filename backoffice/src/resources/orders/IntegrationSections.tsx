import Box from '@mui/material/Box';

import { Section } from './CollapsibleSection';
import { IntegrationHealthPanel } from './IntegrationHealthPanel';
import { InboundDocumentLog } from './InboundDocumentLog';
import { IntegrationLog } from './IntegrationLog';

/**
 * The admin extras of admin-portal §2.4 above the orders: the health test panel, the integration
 * log and, beside it, the supplier documents received.
 */
export function IntegrationSections() {
  return (
    <Box sx={{ mb: 2 }}>
      <Section title="supply_hub.integration.title">
        <IntegrationHealthPanel />
      </Section>
      <Section title="supply_hub.ab_logs.title" subtitle="supply_hub.ab_logs.subtitle">
        <IntegrationLog />
      </Section>
      <Section title="supply_hub.inbound_log.title" subtitle="supply_hub.inbound_log.subtitle">
        <InboundDocumentLog />
      </Section>
    </Box>
  );
}
