import { displayStatus, type ApproveOrderInput, type SubmissionResult } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';

import { ToastMessage } from '../../components/ToastMessage';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf, errorCodeOf, errorStatusOf } from '../../providers/httpClient';
import type { AdminOrder } from '../../providers/records';

export type SubmitMode = 'approve' | 'retry';

interface Callbacks {
  /** Every attempt that produced a submission result (success, failure, missing ship-to …). */
  onResult(result: SubmissionResult): void;
  /** The server found no ship-to address: the add-address dialog opens, and submission stops. */
  onMissingShipTo(): void;
}

/** The result attached to a refusal (422 MISSING_SHIP_TO, 409 PUNCHOUT_NOT_CONFIGURED), if any. */
function refusedResult(error: unknown): SubmissionResult | undefined {
  const details = (errorBodyOf(error) as { details?: { result?: SubmissionResult } } | undefined)?.details;
  return details?.result;
}

/**
 * The answer's order replaces the listed one at once; the lists, the tab counts and the integration
 * log are then read again (a status tab may drop the order). The session is not re-read.
 */
function showChangedOrder(queryClient: QueryClient, order: AdminOrder | undefined): void {
  if (order) {
    queryClient.setQueriesData<{ data: AdminOrder[] }>({ queryKey: ['orders', 'getList'] }, (list) =>
      list ? { ...list, data: list.data.map((row) => (row.id === order.id ? order : row)) } : list,
    );
  }
  void queryClient.invalidateQueries({ queryKey: ['orders'] });
  void queryClient.invalidateQueries({ queryKey: ['approvals'] });
  void queryClient.invalidateQueries({ queryKey: ['ab-logs'] });
}

/**
 * Approve & Order (pending) and Retry Submission (failed): one command, then the toasts of
 * admin-portal §4 and §8. Success means ok and an HTTP 2xx answer.
 */
export function useSubmitOrder(order: AdminOrder, mode: SubmitMode, { onResult, onMissingShipTo }: Callbacks) {
  const dataProvider = useSupplyHubDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  return useMutation({
    // The lines to reject (with their reasons) travel with the approval.
    mutationFn: (rejectedLines?: ApproveOrderInput['rejected_lines']) =>
      dataProvider.submitOrder(order.id, mode, order.approval.waiting_for[0]?.level, rejectedLines),
    onSuccess: ({ result, order: changed }) => {
      showChangedOrder(queryClient, changed);
      if (displayStatus(changed.status) === 'rejected') {
        notify('supply_hub.approval.order_rejected', { type: 'info' });
        return;
      }
      if (!result) {
        // An approval level before the last: recorded, nothing sent yet.
        notify('supply_hub.approval.level_approved', {
          type: 'success',
          messageArgs: { level: changed.approval.approvals.at(-1)?.level ?? 1 },
        });
        return;
      }
      onResult(result);
      const isSuccess = result.ok && result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300;
      if (isSuccess) {
        notify('supply_hub.approval.submitted', { type: 'success' });
      } else {
        notify('supply_hub.approval.submission_failed', {
          type: 'error',
          messageArgs: {
            status: result.httpStatus ?? translate('supply_hub.approval.no_http_status'),
            error: result.error || translate('supply_hub.common.unknown_error'),
          },
        });
      }
    },
    onError: (error) => {
      const result = refusedResult(error);
      if (result) onResult(result);
      const code = errorCodeOf(error);
      const status = errorStatusOf(error);
      if (code === 'MISSING_SHIP_TO') {
        onMissingShipTo();
        return;
      }
      if (status === 403 && code !== 'FORBIDDEN') {
        // Separation of duties or the wrong level: the server says which.
        notify(
          <ToastMessage
            title={translate('supply_hub.approval.refused')}
            text={errorBodyOf(error)?.message ?? ''}
            severity="error"
          />,
          { type: 'error' },
        );
      } else if (status === 403) {
        notify('supply_hub.approval.admin_required', { type: 'error' });
      } else if (status === 409 || status === 422) {
        // The server refused the transition (already submitted, another admin is submitting, no punchout …).
        notify(
          <ToastMessage
            title={translate('supply_hub.approval.validation_failed')}
            text={errorBodyOf(error)?.message ?? ''}
            severity="error"
          />,
          { type: 'error' },
        );
      } else {
        notify('supply_hub.approval.approve_failed', { type: 'error' });
      }
      showChangedOrder(queryClient, undefined);
    },
  });
}
