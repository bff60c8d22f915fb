import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';

import type { ReportRequest } from './reportsApi';
import { useExportSlice } from './useReportSlice';
import { useReportsText } from './useReportsText';

/** Export CSV of one slice for the applied range (admin-portal §2.3): the API's {slice}-{timestamp}.csv. */
export function ExportCsvButton({ request }: { request: Omit<ReportRequest, 'format'> }) {
  const text = useReportsText();
  const exporting = useExportSlice();
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate(request)}
    >
      {text('reports.export')}
    </Button>
  );
}
