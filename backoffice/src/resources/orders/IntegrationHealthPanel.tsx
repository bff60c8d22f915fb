import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { CheckList } from '../../components/health/CheckList';
import { StateChip } from '../../components/health/StatusChips';
import { useAbEndpointTests } from '../../components/health/useAbEndpointTests';
import { useIntegrationStatus } from '../../components/health/useIntegrationStatus';
import { IntegrationSelfTest } from './IntegrationSelfTest';

/**
 * The integration health test panel of the orders page (admin-portal §2.4): status and endpoint
 * tests, and the punchout self-test.
 */
export function IntegrationHealthPanel() {
  const translate = useTranslate();
  const status = useIntegrationStatus();
  const tests = useAbEndpointTests();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500 }}>{translate('supply_hub.integration.business_api')}</Typography>
        {status.data && (
          <StateChip
            isOn={status.data.business_api.enabled}
            onLabel="supply_hub.check.enabled"
            offLabel="supply_hub.check.disabled"
          />
        )}
        <Box sx={{ flex: '1 1 auto' }} />
        <Button variant="outlined" onClick={() => void tests.run()} loading={tests.isRunning}>
          {translate('supply_hub.integration.run_tests')}
        </Button>
      </Box>
      <CheckList checks={tests.checks} isRunning={tests.isRunning} />
      <Typography variant="body2" color="text.secondary">
        {translate('supply_hub.integration.pass_rule')}
      </Typography>
      <Divider />
      <IntegrationSelfTest />
    </Box>
  );
}
