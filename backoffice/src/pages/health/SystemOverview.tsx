import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { StateChip } from '../../components/health/StatusChips';
import { formatDateTime } from '../../i18n/format';
import { errorMessageOf } from '../../providers/httpClient';
import { Facts, HealthSection } from './HealthSection';
import { useServerHealthQuery } from './useHealthQueries';

/** The system overview from GET /api/health: version, uptime, demo mode, database, last job runs. */
export function SystemOverview() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`supply_hub.health.${key}`, options);
  const health = useServerHealthQuery();
  return (
    <HealthSection title="supply_hub.health.overview">
      {health.isPending && <Typography color="text.secondary">{translate('supply_hub.common.loading')}</Typography>}
      {health.error && (
        <Alert severity="error">
          {t('overview_failed', {
            message: errorMessageOf(health.error, translate('supply_hub.common.unknown_error')),
          })}
        </Alert>
      )}
      {health.data && (
        <>
          <Facts
            rows={[
              { label: 'supply_hub.health.version', value: health.data.version },
              {
                label: 'supply_hub.health.uptime',
                value: t('uptime_value', {
                  hours: Math.floor(health.data.uptime_s / 3600),
                  minutes: Math.floor((health.data.uptime_s % 3600) / 60),
                }),
              },
              { label: 'supply_hub.health.demo_mode', value: t(health.data.demo_mode ? 'on' : 'off') },
              {
                label: 'supply_hub.health.database',
                value: (
                  <StateChip
                    isOn={health.data.db === 'ok'}
                    onLabel="supply_hub.health.db.ok"
                    offLabel="supply_hub.health.db.unreachable"
                    offColor="error"
                  />
                ),
              },
              { label: 'supply_hub.health.server_status', value: health.data.status },
            ]}
          />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {t('jobs')}
          </Typography>
          {health.data.jobs.length === 0 ? (
            <Typography color="text.secondary">{t('no_jobs')}</Typography>
          ) : (
            <Table size="small" aria-label={t('jobs')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('job')}</TableCell>
                  <TableCell>{t('outcome')}</TableCell>
                  <TableCell>{t('started')}</TableCell>
                  <TableCell>{t('finished')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {health.data.jobs.map((job) => (
                  <TableRow key={job.job_name}>
                    <TableCell>{job.job_name}</TableCell>
                    <TableCell>{job.outcome}</TableCell>
                    <TableCell>{formatDateTime(job.started_at)}</TableCell>
                    <TableCell>{formatDateTime(job.finished_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </HealthSection>
  );
}
