import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { AB_LOG_ACTIONS, type AbLogEntry } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

import { formatDateTime } from '../../i18n/format';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorMessageOf } from '../../providers/httpClient';

const STATUS_COLORS = { success: 'success', failed: 'error', queued: 'warning' } as const;

/** A request or response body, scrollable, on a grey block (the inbound log shows its documents so too). */
export function Payload({ label, body }: { label: string; body: string | null }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          maxHeight: 320,
          overflow: 'auto',
        }}
      >
        {body || translate('supply_hub.ab_logs.empty_body')}
      </Box>
    </Box>
  );
}

/** When a log entry happened, and what went wrong (the inbound log shows its entries so too). */
export function LogTime({ at }: { at: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      <time dateTime={at}>{formatDateTime(at)}</time>
    </Typography>
  );
}

export function LogProblem({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Typography variant="body2" color="error.main" sx={{ overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}

function LogEntry({ entry }: { entry: AbLogEntry }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`supply_hub.ab_logs.${key}`, options);
  const latency = entry.request_summary?.latencyMs;
  const color = STATUS_COLORS[entry.status] ?? 'default';
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider', py: 1.5, display: 'grid', gap: 0.75 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500 }}>
          {entry.order_number
            ? t('order', { number: entry.order_number })
            : t(entry.action === AB_LOG_ACTIONS.selfTest ? 'self_test' : 'no_order')}
        </Typography>
        <Chip size="small" variant="outlined" label={entry.test_mode ? t('mode_test') : t('mode_prod')} />
        <Chip size="small" color={color} label={t(`status.${entry.status}`, { _: entry.status })} />
        <Typography variant="body2">
          {entry.http_status === null ? t('no_http') : t('http', { status: entry.http_status })}
        </Typography>
        {latency !== undefined && <Typography variant="body2">{t('latency', { ms: latency })}</Typography>}
        <LogTime at={entry.created_at} />
      </Box>
      <LogProblem text={entry.error} />
      <Box component="details">
        <Box component="summary" sx={{ cursor: 'pointer', color: 'primary.main', width: 'fit-content' }}>
          {t('payload')}
        </Box>
        <Box sx={{ display: 'grid', gap: 1, mt: 1, gridTemplateColumns: { md: '1fr 1fr' } }}>
          <Payload label={t('request_xml')} body={entry.request_xml} />
          <Payload label={t('response')} body={entry.response_body} />
        </Box>
      </Box>
    </Box>
  );
}

/** The newest 25 integration log entries (admin-portal §3, §9), refreshed with the orders. */
export function IntegrationLog() {
  const translate = useTranslate();
  const dataProvider = useSupplyHubDataProvider();
  const logs = useQuery({ queryKey: ['ab-logs'], queryFn: () => dataProvider.getAbLogs(), retry: false });
  if (logs.isPending) return <LinearProgress aria-label={translate('supply_hub.common.loading')} />;
  if (logs.error) {
    return (
      <Alert severity="error">
        {translate('supply_hub.ab_logs.load_failed', {
          message: errorMessageOf(logs.error, translate('supply_hub.common.unknown_error')),
        })}
      </Alert>
    );
  }
  if (logs.data.length === 0)
    return <Typography color="text.secondary">{translate('supply_hub.ab_logs.empty')}</Typography>;
  return (
    <Box component="ul" aria-label={translate('supply_hub.ab_logs.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {logs.data.map((entry) => (
        <LogEntry key={entry.id} entry={entry} />
      ))}
    </Box>
  );
}
