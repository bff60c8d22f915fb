import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify, useTranslate } from 'react-admin';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { ToastMessage } from '../ToastMessage';

export const INTEGRATION_STATUS_KEY = ['integrations', 'status'];

/**
 * GET /api/admin/integrations/status; a failure is the toast of admin-portal §8 ('Status Check
 * Failed', once per failure), and the screens show what they can without it.
 */
export function useIntegrationStatus() {
  const dataProvider = useSupplyHubDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const status = useQuery({
    queryKey: INTEGRATION_STATUS_KEY,
    queryFn: () => dataProvider.getIntegrationStatus(),
    retry: false,
  });
  const failedAt = status.isError ? status.errorUpdatedAt : 0;
  useEffect(() => {
    if (!failedAt) return;
    notify(
      <ToastMessage
        title={translate('supply_hub.integration.status_check_failed')}
        text={translate('supply_hub.integration.status_check_failed_text')}
        severity="error"
      />,
      { type: 'error' },
    );
  }, [failedAt, notify, translate]);
  return status;
}
