import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SupplierTestOrderResult } from '@supply-hub/api/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf } from '../../providers/httpClient';

/** The supplier's answer as a person reads it: accepted or not, then the status codes and its own words. */
function TestOrderAnswer({ result }: { result: SupplierTestOrderResult }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`supply_hub.settings.punchout.${key}`, options);
  const codes = {
    http: result.http_status ?? '–',
    code: result.cxml_status_code ?? '–',
    text: result.cxml_status_text ?? '',
  };
  return (
    <Alert severity={result.ok ? 'success' : 'error'} role="status" sx={{ mt: 1 }}>
      <Typography variant="body2">
        {result.ok
          ? t('test_order_ok', { order: result.order_id ?? '', ...codes })
          : t('test_order_failed', { error: result.error ?? '' })}
      </Typography>
      {!result.ok && result.http_status !== null && (
        <Typography variant="body2">{t('test_order_answer', codes)}</Typography>
      )}
      {result.cxml_message && (
        <Typography variant="body2">{t('test_order_message', { message: result.cxml_message })}</Typography>
      )}
    </Alert>
  );
}

/** "Send a test OrderRequest": the connection test that an order would make, without ordering anything. */
export function SupplierTestOrderPanel() {
  const translate = useTranslate();
  const dataProvider = useSupplyHubDataProvider();
  const send = useMutation({ mutationFn: () => dataProvider.sendSupplierTestOrder() });
  return (
    <Box component="section" aria-label={translate('supply_hub.settings.punchout.test_order')} sx={{ mt: 3 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('supply_hub.settings.punchout.test_order_help')}
      </Typography>
      <Button variant="outlined" onClick={() => send.mutate()} disabled={send.isPending}>
        {translate(
          send.isPending
            ? 'supply_hub.settings.punchout.test_order_sending'
            : 'supply_hub.settings.punchout.test_order',
        )}
      </Button>
      {send.data && <TestOrderAnswer result={send.data} />}
      {send.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorBodyOf(send.error)?.message ?? translate('supply_hub.common.unknown_error')}
        </Alert>
      )}
    </Box>
  );
}
