import { BOOTSTRAP_THRESHOLD, type CatalogAudit } from '@supply-hub/api/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';

import { saveDownload } from '../../components/saveDownload';
import { ToastMessage } from '../../components/ToastMessage';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf, errorStatusOf } from '../../providers/httpClient';

const AUDIT_KEY = ['catalog', 'audit'];

export function useCatalogAudit() {
  const dataProvider = useSupplyHubDataProvider();
  return useQuery({ queryKey: AUDIT_KEY, queryFn: () => dataProvider.getCatalogAudit(), retry: false });
}

/** Bootstrap with its toasts (admin-portal §4, §8); the answer's audit replaces the one shown. */
export function useBootstrapCatalog() {
  const dataProvider = useSupplyHubDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const toast = (title: string, text: string, severity: 'success' | 'warning' | 'error') =>
    notify(<ToastMessage title={translate(title)} text={text} severity={severity} />, { type: severity });
  return useMutation({
    mutationFn: () => dataProvider.bootstrapCatalog(),
    onSuccess: (result) => {
      queryClient.setQueryData<CatalogAudit>(AUDIT_KEY, result.audit);
      if (result.status === 'skipped') {
        toast(
          'supply_hub.catalog_audit.bootstrap_skipped',
          translate('supply_hub.catalog_audit.bootstrap_skipped_text'),
          'warning',
        );
      } else {
        toast('supply_hub.catalog_audit.bootstrap_done', result.message, 'success');
      }
    },
    onError: (error) => {
      if (errorStatusOf(error) === 401) {
        toast(
          'supply_hub.catalog_audit.auth_required',
          translate('supply_hub.catalog_audit.auth_required_text'),
          'error',
        );
        return;
      }
      const message = errorBodyOf(error)?.message ?? translate('supply_hub.catalog_audit.bootstrap_failed_default');
      toast('supply_hub.catalog_audit.bootstrap_failed', message, 'error');
    },
  });
}

/** Below 100 active products the bootstrap runs by itself, once per visit (admin-portal §4). */
export function useAutoBootstrap(audit: CatalogAudit | undefined, bootstrap: () => void): void {
  const hasRun = useRef(false);
  useEffect(() => {
    if (!audit || hasRun.current || audit.db_active_count >= BOOTSTRAP_THRESHOLD) return;
    hasRun.current = true;
    bootstrap();
  }, [audit, bootstrap]);
}

/** Export Active: active-catalog-{date}.csv. */
export function useExportActiveCatalog() {
  const dataProvider = useSupplyHubDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  return useMutation({
    mutationFn: () => dataProvider.exportActiveCatalog(),
    onSuccess: saveDownload,
    onError: () =>
      notify(
        <ToastMessage
          title={translate('supply_hub.catalog_audit.error')}
          text={translate('supply_hub.catalog_audit.export_failed')}
          severity="error"
        />,
        { type: 'error' },
      ),
  });
}
