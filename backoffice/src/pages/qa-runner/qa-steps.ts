import type { TranslateFunction } from 'react-admin';

import type { SupplyHubDataProvider } from '../../providers/dataProvider';
import { errorMessageOf } from '../../providers/httpClient';
import { probes } from '../../providers/probes';
import type { AdminOrder, QaRunResult, SandboxSupplierOrder, SubmissionResult } from '../../providers/records';

/** A step's own failure, with the message the runner shows (admin-portal §8 QA errors). */
export class QaStepError extends Error {}

/** What the steps hand on to each other during one run. */
export interface QaRun {
  dataProvider: SupplyHubDataProvider;
  translate: TranslateFunction;
  order?: AdminOrder;
  submission?: SubmissionResult;
  sandboxOrders?: SandboxSupplierOrder[];
  /** Filled in by the runner for the last step: what is saved. */
  snapshot?: () => QaRunResult;
}

export interface QaStepDefinition {
  key: string;
  /** The pause after this step, within the 0.5–3 s of admin-portal §2.12. */
  waitMs: number;
  /** The success message; a failure throws (a QaStepError's message is shown as it is). */
  run(run: QaRun): Promise<string>;
  /** The message of an unexpected failure, before the cause. */
  failure?: string;
}

function fail(run: QaRun, key: string, options?: Record<string, unknown>): never {
  throw new QaStepError(run.translate(`supply_hub.qa.error.${key}`, options));
}

function ok(run: QaRun, key: string, options?: Record<string, unknown>): string {
  return run.translate(`supply_hub.qa.ok.${key}`, options);
}

function requireOrder(run: QaRun): AdminOrder {
  if (!run.order) fail(run, 'no_pending');
  return run.order;
}

/** The 12 steps, in order: an end-to-end test of order submission against the demo sandbox supplier. */
export const QA_STEPS: readonly QaStepDefinition[] = [
  {
    key: 'preview',
    waitMs: 500,
    failure: 'supply_hub.qa.error.preview_failed',
    async run(run) {
      let isDemoMode: boolean;
      try {
        isDemoMode = (await probes.getHealth()).demo_mode;
      } catch {
        fail(run, 'preview_failed');
      }
      if (!isDemoMode) fail(run, 'preview_only');
      return ok(run, 'preview');
    },
  },
  {
    key: 'session',
    waitMs: 500,
    async run(run) {
      const session = await probes.getSession();
      if (!session.is_admin) fail(run, 'not_admin');
      return ok(run, 'session', { email: session.user.email });
    },
  },
  {
    key: 'punchout',
    waitMs: 500,
    async run(run) {
      const settings = await run.dataProvider.getSettings('punchout');
      const url = settings.test_mode ? (settings.test_punchout_url ?? settings.punchout_url) : settings.punchout_url;
      if (!url || !settings.identity || !settings.shared_secret_masked) fail(run, 'punchout_missing');
      return ok(run, 'punchout', { url });
    },
  },
  {
    key: 'catalog',
    waitMs: 500,
    async run(run) {
      const { total } = await run.dataProvider.getList('products', {
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'title', order: 'ASC' },
        filter: { active: true },
      });
      if (!total) fail(run, 'catalog_empty');
      return ok(run, 'catalog', { smart_count: total });
    },
  },
  {
    key: 'create_order',
    waitMs: 1000,
    async run(run) {
      run.order = await run.dataProvider.createQaOrder();
      return ok(run, 'create_order', { number: run.order.order_number });
    },
  },
  {
    key: 'find_pending',
    waitMs: 1000,
    async run(run) {
      const order = requireOrder(run);
      const { data } = await run.dataProvider.getList<AdminOrder>('orders', {
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'created_at', order: 'DESC' },
        filter: { status: 'pending' },
      });
      const found = data.find((row) => row.id === order.id);
      if (!found) fail(run, 'no_pending');
      run.order = found;
      return ok(run, 'find_pending', { number: found.order_number });
    },
  },
  {
    key: 'approve',
    waitMs: 1500,
    failure: 'supply_hub.qa.error.approve_failed',
    async run(run) {
      const order = requireOrder(run);
      const { result, order: after } = await run.dataProvider.submitOrder(order.id, 'approve');
      run.submission = result ?? undefined;
      run.order = after;
      // No result: the order needs a further approval level, so nothing was sent.
      if (!result?.ok) {
        throw new QaStepError(
          `${run.translate('supply_hub.qa.error.approve_failed')}: HTTP ${result?.httpStatus ?? 'ERROR'} - ${
            result?.error ?? run.translate('supply_hub.common.unknown_error')
          }`,
        );
      }
      return ok(run, 'approve', { status: result.httpStatus });
    },
  },
  {
    key: 'status_submitted',
    waitMs: 1000,
    async run(run) {
      const order = requireOrder(run);
      const { data } = await run.dataProvider.getOne<AdminOrder>('orders', { id: order.id });
      if (data.status !== 'submitted') fail(run, 'not_submitted', { status: data.status });
      return ok(run, 'status_submitted', { number: data.order_number });
    },
  },
  {
    key: 'ab_log',
    waitMs: 1000,
    async run(run) {
      const order = requireOrder(run);
      const entry = (await run.dataProvider.getAbLogs()).find((log) => log.order_id === order.id);
      if (!entry) fail(run, 'no_ab_log');
      return ok(run, 'ab_log', { status: entry.status, http: entry.http_status ?? '—' });
    },
  },
  {
    key: 'sandbox',
    waitMs: 1000,
    async run(run) {
      const order = requireOrder(run);
      run.sandboxOrders = await probes.getSandboxOrders(order.order_number);
      const [only] = run.sandboxOrders;
      if (run.sandboxOrders.length !== 1 || !only) fail(run, 'sandbox_count', { count: run.sandboxOrders.length });
      return ok(run, 'sandbox', { payload: only.payload_id });
    },
  },
  {
    key: 'supplier_order_id',
    waitMs: 500,
    async run(run) {
      const recorded = run.submission?.supplierOrderId ?? null;
      const received = run.sandboxOrders?.[0]?.supplier_order_id ?? null;
      if (!recorded) fail(run, 'no_supplier_order_id');
      if (recorded !== received) fail(run, 'supplier_order_id_mismatch', { recorded, sandbox: received ?? '—' });
      return ok(run, 'supplier_order_id', { id: recorded });
    },
  },
  {
    key: 'save_result',
    waitMs: 500,
    async run(run) {
      if (run.snapshot) await run.dataProvider.saveQaResult(run.snapshot());
      return ok(run, 'save_result');
    },
  },
];

/** The message of a failed step: its own, else the step's fallback with the cause. */
export function describeStepFailure(run: QaRun, step: QaStepDefinition, error: unknown): string {
  if (error instanceof QaStepError) return error.message;
  const cause = errorMessageOf(error, run.translate('supply_hub.common.unknown_error'));
  return step.failure ? `${run.translate(step.failure)}: ${cause}` : cause;
}
