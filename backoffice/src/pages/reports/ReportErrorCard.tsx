import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useNotify } from 'react-admin';

import { ReportRequestError } from './reportsApi';
import { useReportsText } from './useReportsText';

export interface ReportErrorCardProps {
  error: unknown;
  /** The words shown ('Failed to load overview data. …'). */
  message: string;
  /** When the error arrived (ms since the epoch), for the diagnostics. */
  occurredAt: number;
  isRetrying: boolean;
  onRetry: () => void;
}

/** What support needs to follow a failed report call up: the request, the answer, when. */
function diagnosticsOf(error: unknown, message: string, occurredAt: number) {
  const isRequestError = error instanceof ReportRequestError;
  return {
    request: isRequestError ? error.request : null,
    status: isRequestError ? error.status : null,
    code: isRequestError ? (error.code ?? null) : null,
    message,
    timestamp: new Date(occurredAt || Date.now()).toISOString(),
    page: window.location.pathname + window.location.search,
  };
}

/** The 'Unable to load analytics' card of admin-portal §2.3, with Retry and Copy diagnostics. */
export function ReportErrorCard({ error, message, occurredAt, isRetrying, onRetry }: ReportErrorCardProps) {
  const text = useReportsText();
  const notify = useNotify();
  const copyDiagnostics = async () => {
    const toast = (words: string, type: 'success' | 'error') => notify(words, { type, messageArgs: { _: words } });
    try {
      await navigator.clipboard.writeText(JSON.stringify(diagnosticsOf(error, message, occurredAt), null, 2));
      toast(text('reports.diagnostics_copied'), 'success');
    } catch {
      toast(text('reports.diagnostics_copy_failed'), 'error');
    }
  };
  return (
    <Alert severity="error" variant="outlined">
      <AlertTitle component="h3">{text('reports.error_title')}</AlertTitle>
      {message}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button variant="contained" color="error" startIcon={<RefreshIcon />} loading={isRetrying} onClick={onRetry}>
          {text('reports.retry')}
        </Button>
        <Button variant="outlined" color="error" startIcon={<ContentCopyIcon />} onClick={() => void copyDiagnostics()}>
          {text('reports.copy_diagnostics')}
        </Button>
      </Box>
    </Alert>
  );
}
