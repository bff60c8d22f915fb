import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { MailOutboxSummary } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

import { errorMessageOf, httpClient } from '../../providers/httpClient';
import { HealthSection } from './HealthSection';
import { HEALTH_KEY } from './useHealthQueries';

async function getMailOutbox(): Promise<MailOutboxSummary> {
  return (await httpClient('/api/admin/mail/outbox')).json as MailOutboxSummary;
}

/**
 * Whether sign-up and password-reset mails reach people, and how many mails wait undelivered: a
 * count only, never the mails (their links sign people up); an operator lists them with `mail:list`.
 */
export function MailDeliverySection() {
  const translate = useTranslate();
  const outbox = useQuery({ queryKey: [HEALTH_KEY, 'mail-outbox'], queryFn: getMailOutbox, retry: false });
  return (
    <HealthSection title="supply_hub.health.mail">
      {outbox.isPending && <Typography color="text.secondary">{translate('supply_hub.common.loading')}</Typography>}
      {outbox.error && (
        <Alert severity="error">
          {translate('supply_hub.health.mail_failed', {
            message: errorMessageOf(outbox.error, translate('supply_hub.common.unknown_error')),
          })}
        </Alert>
      )}
      {outbox.data && (
        <>
          <Alert severity={outbox.data.delivery === 'not_delivered' ? 'warning' : 'info'}>{outbox.data.message}</Alert>
          <Typography>
            {translate('supply_hub.health.mail_undelivered', { smart_count: outbox.data.undelivered })}
          </Typography>
        </>
      )}
    </HealthSection>
  );
}
