import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { formatDateTime } from '../i18n/format';
import { PageHeader } from '../layout/PageHeader';
import { AuditCountCards } from './catalog-audit/AuditCountCards';
import { AuditStatusAlert, LastReconciliation, MismatchLists, SampleProducts } from './catalog-audit/AuditDetails';
import { CatalogAuditActions } from './catalog-audit/CatalogAuditActions';
import { useAutoBootstrap, useBootstrapCatalog, useCatalogAudit } from './catalog-audit/useCatalogAudit';

/** /admin/catalog-audit (admin-portal §2.9): the database against the 154-row CSV, and the bootstrap. */
export default function CatalogAuditPage() {
  const translate = useTranslate();
  const audit = useCatalogAudit();
  const bootstrap = useBootstrapCatalog();
  useAutoBootstrap(audit.data, bootstrap.mutate);
  return (
    <>
      <PageHeader title="supply_hub.catalog_audit.title" subtitle="supply_hub.catalog_audit.subtitle" />
      <Stack spacing={3} sx={{ pb: 4 }}>
        <CatalogAuditActions
          audit={audit.data}
          isBootstrapping={bootstrap.isPending}
          onBootstrap={() => bootstrap.mutate()}
        />
        {audit.isPending && <LinearProgress aria-label={translate('supply_hub.common.loading')} />}
        {audit.error && (
          <Alert severity="error">
            <AlertTitle>{translate('supply_hub.catalog_audit.error')}</AlertTitle>
            {translate('supply_hub.catalog_audit.load_failed')}
          </Alert>
        )}
        {audit.data && (
          <>
            <AuditStatusAlert audit={audit.data} />
            <AuditCountCards audit={audit.data} />
            <LastReconciliation audit={audit.data} />
            {audit.data.status === 'warning' && <MismatchLists audit={audit.data} />}
            <SampleProducts audit={audit.data} />
            <Typography variant="body2" color="text.secondary">
              {translate('supply_hub.catalog_audit.checked_at', { date: formatDateTime(audit.data.timestamp) })}
            </Typography>
          </>
        )}
      </Stack>
    </>
  );
}
