import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { BOOTSTRAP_THRESHOLD, type CatalogAudit } from '@supply-hub/api/contracts';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';

import { CatalogPage } from '../index';
import { useExportActiveCatalog } from './useCatalogAudit';

/** The backend dashboard of admin-portal §2.9: AdminJS served by the API at /admin/backend, so a full page load. */
const BACKEND_DASHBOARD_PATH = '/backend';

export interface CatalogAuditActionsProps {
  audit: CatalogAudit | undefined;
  isBootstrapping: boolean;
  onBootstrap: () => void;
}

/** Export Active, Bootstrap Catalog (One-Time), View in backend dashboard, View Catalog. */
export function CatalogAuditActions({ audit, isBootstrapping, onBootstrap }: CatalogAuditActionsProps) {
  const translate = useTranslate();
  const hintId = useId();
  const exporting = useExportActiveCatalog();
  const isInitialized = (audit?.db_active_count ?? 0) >= BOOTSTRAP_THRESHOLD;
  const t = (key: string) => translate(`supply_hub.catalog_audit.${key}`);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={exporting.isPending}
        onClick={() => exporting.mutate()}
      >
        {t('export')}
      </Button>
      <Button
        variant="contained"
        startIcon={<PlaylistAddCheckIcon />}
        loading={isBootstrapping}
        disabled={!audit || isInitialized}
        aria-describedby={isInitialized ? hintId : undefined}
        onClick={onBootstrap}
      >
        {t('bootstrap')}
      </Button>
      {isInitialized && (
        <Typography id={hintId} variant="body2" color="text.secondary">
          {t('already_initialized')}
        </Typography>
      )}
      <Button component={Link} to={BACKEND_DASHBOARD_PATH} reloadDocument startIcon={<OpenInNewIcon />}>
        {t('backend')}
      </Button>
      <Button component={Link} to={CatalogPage.path} startIcon={<StorefrontIcon />}>
        {t('view_catalog')}
      </Button>
    </Box>
  );
}
