import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { Button, useListContext, useNotify } from 'react-admin';

import { saveDownload } from '../../components/saveDownload';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';

/** Export CSV of the audit log under the list's current filter (GET /api/admin/audit-events/export). */
export function ExportAuditButton() {
  const notify = useNotify();
  const dataProvider = useSupplyHubDataProvider();
  const { filterValues } = useListContext();
  const exporting = useMutation({
    mutationFn: () => dataProvider.exportAuditEvents(filterValues as Record<string, unknown>),
    onSuccess: saveDownload,
    onError: () => notify('supply_hub.audit_log.export_failed', { type: 'error' }),
  });
  return (
    <Button label="supply_hub.audit_log.export" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
      <DownloadIcon />
    </Button>
  );
}
