import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SELF_TEST_NON_2XX_MESSAGE, selfTestHint, type SelfTestResult } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

import { ResponsePreview, ResultDetail, ResultDetails } from '../../components/ResultDetails';
import { errorBodyOf, errorStatusOf } from '../../providers/httpClient';
import { probes } from '../../providers/probes';

/** The outcome with the hint of admin-portal §8 (by the supplier's HTTP status) and the facts behind it. */
function SelfTestResultView({ result }: { result: SelfTestResult }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`supply_hub.integration.${key}`);
  const none = translate('supply_hub.submission.none');
  const headers = Object.entries(result.responseHeaders);
  return (
    <Alert
      severity={result.success ? 'success' : 'error'}
      role="region"
      aria-label={t('self_test_result')}
      sx={{ '& .MuiAlert-message': { flex: '1 1 auto', minWidth: 0 } }}
    >
      <AlertTitle>
        {selfTestHint(result.httpStatus) ?? t(result.success ? 'self_test_passed' : 'self_test_failed')}
      </AlertTitle>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {result.success ? result.message : result.error || SELF_TEST_NON_2XX_MESSAGE}
      </Typography>
      <ResultDetails>
        <ResultDetail label={t('self_test_http')}>{result.httpStatus ?? none}</ResultDetail>
        <ResultDetail label={t('self_test_cxml')}>
          {result.status === null ? none : [result.status, result.diagnostics.cxmlStatusText].join(' ')}
        </ResultDetail>
        <ResultDetail label={t('self_test_mode')}>
          {translate(result.testMode ? 'supply_hub.ab_logs.mode_test' : 'supply_hub.ab_logs.mode_prod')}
        </ResultDetail>
        <ResultDetail label={t('self_test_target')}>{result.targetUrl ?? none}</ResultDetail>
        <ResultDetail label={t('self_test_latency')}>
          {translate('supply_hub.ab_logs.latency', { ms: result.diagnostics.latencyMs })}
        </ResultDetail>
      </ResultDetails>
      {(result.responsePreview || headers.length > 0) && (
        <Box component="details" sx={{ mt: 1 }}>
          <Box component="summary" sx={{ cursor: 'pointer', width: 'fit-content' }}>
            {t('self_test_preview')}
          </Box>
          {headers.length > 0 && (
            <Box component="pre" aria-label={t('self_test_headers')} sx={{ m: 0, mt: 1, fontSize: 12 }}>
              {headers.map(([name, value]) => `${name}: ${value}`).join('\n')}
            </Box>
          )}
          <ResponsePreview text={result.responsePreview ?? none} marginTop={1} />
        </Box>
      )}
    </Alert>
  );
}

/** The self-test call itself failed: its message, or the spec's text, with the hint by its status. */
function SelfTestCallError({ error }: { error: unknown }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" role="region" aria-label={translate('supply_hub.integration.self_test_result')}>
      <AlertTitle>
        {selfTestHint(errorStatusOf(error)) ?? translate('supply_hub.integration.self_test_failed')}
      </AlertTitle>
      {errorBodyOf(error)?.message || SELF_TEST_NON_2XX_MESSAGE}
    </Alert>
  );
}

/** admin-portal §3, §7 (ab-self-test: test, useTestMode true), §8: Run Self-Test and its result. */
export function IntegrationSelfTest() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => probes.runIntegrationSelfTest({ test: true, useTestMode: true }),
    // Each run writes an integration log entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ab-logs'] }),
  });
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500 }}>{translate('supply_hub.integration.self_test')}</Typography>
        <Box sx={{ flex: '1 1 auto' }} />
        <Button variant="outlined" onClick={() => run.mutate()} loading={run.isPending}>
          {translate('supply_hub.integration.self_test_run')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('supply_hub.integration.self_test_explained')}
      </Typography>
      {run.data && !run.isPending && <SelfTestResultView result={run.data} />}
      {run.isError && !run.isPending && <SelfTestCallError error={run.error} />}
    </Box>
  );
}
