import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router';

import { formatDateTime } from '../i18n/format';
import { PageHeader } from '../layout/PageHeader';
import { errorMessageOf } from '../providers/httpClient';
import { HealthSection } from './health/HealthSection';
import { QaStatusChip, QaStepList } from './qa-runner/QaStepList';
import { useQaRunner, useStoredQaResult } from './qa-runner/useQaRunner';

/** The live line for screen readers: the running step, then how the run ended. */
function progressText(translate: ReturnType<typeof useTranslate>, runner: ReturnType<typeof useQaRunner>): string {
  const running = runner.steps.findIndex((step) => step.status === 'running');
  if (running >= 0) {
    return translate('supply_hub.qa.progress', {
      step: running + 1,
      total: runner.steps.length,
      name: runner.steps[running]?.name,
    });
  }
  if (runner.outcome === 'success') return translate('supply_hub.qa.done_success');
  if (runner.outcome === 'error') {
    return translate('supply_hub.qa.done_error', { name: runner.steps.find((step) => step.status === 'error')?.name });
  }
  return '';
}

/** /admin/qa-runner (admin-portal §2.12): the 12-step end-to-end test of order submission, demo mode only. */
export default function QaRunnerPage() {
  const translate = useTranslate();
  const { search } = useLocation();
  const isFast = new URLSearchParams(search).get('fast') === '1';
  const runner = useQaRunner(isFast);
  const stored = useStoredQaResult();
  const last = stored.data?.result ?? null;
  return (
    <>
      <PageHeader
        title="supply_hub.page.qa_runner"
        subtitle="supply_hub.qa.subtitle"
        actions={
          <Button variant="contained" onClick={() => void runner.run()} loading={runner.isRunning}>
            {translate('supply_hub.qa.run')}
          </Button>
        }
      />
      <Stack spacing={3} sx={{ maxWidth: 1000, pb: 4 }}>
        {stored.data && !stored.data.isDemoMode && (
          <Alert severity="warning">{translate('supply_hub.qa.preview_off')}</Alert>
        )}
        <HealthSection title="supply_hub.qa.steps">
          <Typography role="status" aria-live="polite" sx={{ minHeight: '1.5em' }}>
            {progressText(translate, runner)}
          </Typography>
          <QaStepList steps={runner.steps} label={translate('supply_hub.qa.steps')} />
        </HealthSection>
        <HealthSection title="supply_hub.qa.last_result">
          {stored.error && (
            <Alert severity="error">{errorMessageOf(stored.error, translate('supply_hub.common.unknown_error'))}</Alert>
          )}
          {stored.data && last === null && (
            <Typography color="text.secondary">{translate('supply_hub.qa.no_result')}</Typography>
          )}
          {last && (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <QaStatusChip status={last.status} />
                <Typography>
                  {translate('supply_hub.qa.finished_at', { date: formatDateTime(last.finished_at) })}
                </Typography>
              </Box>
              <QaStepList steps={last.steps} label={translate('supply_hub.qa.last_result')} />
            </>
          )}
        </HealthSection>
      </Stack>
    </>
  );
}
