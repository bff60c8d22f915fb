import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { EXPECTED_CATALOG_SIZE, type CatalogAudit } from '@supply-hub/api/contracts';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

function CountCard({ title, value, help }: { title: string; value: number; help: string }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Typography id={headingId} component="h2" variant="subtitle2" color="text.secondary">
          {title}
        </Typography>
        <Typography component="p" variant="h4">
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** CSV Products, DB Active, DB Total, Protected (admin-portal §2.9). */
export function AuditCountCards({ audit }: { audit: CatalogAudit }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`supply_hub.catalog_audit.${key}`, options);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
      <CountCard
        title={t('csv_products')}
        value={audit.csv_count}
        help={t('csv_products_help', { expected: EXPECTED_CATALOG_SIZE })}
      />
      <CountCard title={t('db_active')} value={audit.db_active_count} help={t('db_active_help')} />
      <CountCard title={t('db_total')} value={audit.db_total_count} help={t('db_total_help')} />
      <CountCard title={t('protected')} value={audit.order_protected_count} help={t('protected_help')} />
    </Box>
  );
}
