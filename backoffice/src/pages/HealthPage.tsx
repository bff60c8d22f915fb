import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

import { CheckList } from '../components/health/CheckList';
import { useAbEndpointTests } from '../components/health/useAbEndpointTests';
import { INTEGRATION_STATUS_KEY } from '../components/health/useIntegrationStatus';
import { PageHeader } from '../layout/PageHeader';
import { HealthSection } from './health/HealthSection';
import { MailDeliverySection } from './health/MailDeliverySection';
import { SsoCards } from './health/SsoCards';
import { StatusCards } from './health/StatusCards';
import { SystemOverview } from './health/SystemOverview';
import { useHealthChecks } from './health/useHealthChecks';
import { HEALTH_KEY } from './health/useHealthQueries';

/** /admin/health (admin-portal §2.10): SSO, integration status, checks, proxy tests, system overview. */
export default function HealthPage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const checks = useHealthChecks();
  const abTests = useAbEndpointTests();
  // Bumped by Refresh All: the SSO cards read the browser storage again.
  const [storageRead, setStorageRead] = useState(0);

  function refreshAll() {
    setStorageRead((count) => count + 1);
    void queryClient.invalidateQueries({ queryKey: [HEALTH_KEY] });
    void queryClient.invalidateQueries({ queryKey: INTEGRATION_STATUS_KEY });
  }

  return (
    <>
      <PageHeader
        title="supply_hub.page.health"
        subtitle="supply_hub.health.subtitle"
        actions={
          <>
            <Button variant="contained" onClick={() => void checks.run()} loading={checks.isRunning}>
              {translate('supply_hub.health.run_checks')}
            </Button>
            <Button variant="outlined" onClick={refreshAll}>
              {translate('supply_hub.health.refresh_all')}
            </Button>
          </>
        }
      />
      <Stack spacing={3} sx={{ pb: 4 }}>
        <Box component="section" aria-labelledby="health-sso" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="health-sso" variant="h6" component="h2">
            {translate('supply_hub.health.sso')}
          </Typography>
          <SsoCards key={storageRead} />
        </Box>
        <Box component="section" aria-labelledby="health-status" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="health-status" variant="h6" component="h2">
            {translate('supply_hub.health.status_cards')}
          </Typography>
          <StatusCards />
        </Box>
        <HealthSection title="supply_hub.health.checks">
          {!checks.hasRun && !checks.isRunning && (
            <Typography color="text.secondary">{translate('supply_hub.health.checks_not_run')}</Typography>
          )}
          <CheckList checks={checks.checks} isRunning={checks.isRunning} />
        </HealthSection>
        <HealthSection
          title="supply_hub.health.ab_proxy_tests"
          actions={
            <Button variant="outlined" onClick={() => void abTests.run()} loading={abTests.isRunning}>
              {translate('supply_hub.integration.test_endpoints')}
            </Button>
          }
        >
          <CheckList checks={abTests.checks} isRunning={abTests.isRunning} />
          <Typography variant="body2" color="text.secondary">
            {translate('supply_hub.integration.pass_rule')}
          </Typography>
        </HealthSection>
        <MailDeliverySection />
        <SystemOverview />
      </Stack>
    </>
  );
}
