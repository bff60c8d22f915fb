import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EXPECTED_CATALOG_SIZE, type CatalogAudit } from '@supply-hub/api/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { formatDateTime } from '../../i18n/format';

/** Mismatch lists show the first 10 ASINs (admin-portal §9). */
const LIST_LIMIT = 10;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** 'Perfect Match', or the mismatch with its missing and extra counts. */
export function AuditStatusAlert({ audit }: { audit: CatalogAudit }) {
  const translate = useTranslate();
  if (audit.status === 'perfect') {
    return (
      <Alert severity="success">
        <AlertTitle>{translate('supply_hub.catalog_audit.perfect_title')}</AlertTitle>
        {translate('supply_hub.catalog_audit.perfect', { count: EXPECTED_CATALOG_SIZE })}
      </Alert>
    );
  }
  return (
    <Alert severity="warning">
      <AlertTitle>{translate('supply_hub.catalog_audit.mismatch_title')}</AlertTitle>
      {translate('supply_hub.catalog_audit.mismatch', {
        missing: audit.missing_in_db.length,
        extra: audit.extra_in_db.length,
      })}
    </Alert>
  );
}

/** Upserted, reactivated, deactivated and protected counts of the last bootstrap. */
export function LastReconciliation({ audit }: { audit: CatalogAudit }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`supply_hub.catalog_audit.${key}`, options);
  const figures = [
    ['upserted', audit.upserted_count],
    ['reactivated', audit.reactivated_count],
    ['deactivated', audit.deactivated_count],
    ['protected', audit.order_protected_count],
  ] as const;
  return (
    <Section title={t('last_reconciliation')}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {audit.last_reconciliation_at
          ? t('reconciled_at', { date: formatDateTime(audit.last_reconciliation_at) })
          : t('never_reconciled')}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: 2, m: 0 }}
      >
        {figures.map(([key, value]) => (
          <Box key={key}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

function AsinList({ title, asins }: { title: string; asins: readonly string[] }) {
  const translate = useTranslate();
  const rest = asins.length - LIST_LIMIT;
  return (
    <Section title={`${title} (${asins.length})`}>
      {asins.length === 0 ? (
        <Typography color="text.secondary">{translate('supply_hub.catalog_audit.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
          {asins.slice(0, LIST_LIMIT).map((asin) => (
            <li key={asin}>
              <Chip size="small" variant="outlined" label={asin} sx={{ fontFamily: 'monospace' }} />
            </li>
          ))}
          {rest > 0 && (
            <li>
              <Chip size="small" color="primary" label={translate('supply_hub.catalog_audit.more', { count: rest })} />
            </li>
          )}
        </Box>
      )}
    </Section>
  );
}

/** Missing in DB and Extra in DB, each the first 10 ASINs and '+N more'. */
export function MismatchLists({ audit }: { audit: CatalogAudit }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
      <AsinList title={translate('supply_hub.catalog_audit.missing_in_db')} asins={audit.missing_in_db} />
      <AsinList title={translate('supply_hub.catalog_audit.extra_in_db')} asins={audit.extra_in_db} />
    </Box>
  );
}

/** A sample of 5 active products with their price. */
export function SampleProducts({ audit }: { audit: CatalogAudit }) {
  const translate = useTranslate();
  return (
    <Section title={translate('supply_hub.catalog_audit.sample')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>ASIN</TableCell>
            <TableCell>SKU</TableCell>
            <TableCell>{translate('supply_hub.catalog.field.title')}</TableCell>
            <TableCell align="right">{translate('supply_hub.catalog.field.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {audit.sample_products.map((product) => (
            <TableRow key={product.asin}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{product.asin}</TableCell>
              <TableCell>{product.sku ?? '—'}</TableCell>
              <TableCell>{product.title}</TableCell>
              <TableCell align="right">{formatUsd(product.price) ?? translate('supply_hub.common.no_price')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}
