import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

import { IntegrationHealthPanel } from './IntegrationHealthPanel';
import { IntegrationLog } from './IntegrationLog';

function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const translate = useTranslate();
  const id = useId();
  return (
    <Accordion
      variant="outlined"
      disableGutters
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary id={`${id}-header`} aria-controls={`${id}-content`} expandIcon={<ExpandMoreIcon />}>
        <Typography component="span" sx={{ fontWeight: 500 }}>
          {translate(title)}
        </Typography>
        {subtitle && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {translate(subtitle)}
          </Typography>
        )}
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}

/** The admin extras of admin-portal §2.4 above the orders: the health test panel and the integration log. */
export function IntegrationSections() {
  return (
    <Box sx={{ mb: 2 }}>
      <Section title="supply_hub.integration.title">
        <IntegrationHealthPanel />
      </Section>
      <Section title="supply_hub.ab_logs.title" subtitle="supply_hub.ab_logs.subtitle">
        <IntegrationLog />
      </Section>
    </Box>
  );
}
