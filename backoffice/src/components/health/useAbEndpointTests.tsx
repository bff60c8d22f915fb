import { useState } from 'react';
import { useNotify, useTranslate, type TranslateFunction } from 'react-admin';

import { errorMessageOf, errorStatusOf } from '../../providers/httpClient';
import { probes } from '../../providers/probes';
import type { IntegrationProbeAnswer } from '../../providers/records';
import { ToastMessage } from '../ToastMessage';
import type { NamedCheck } from './CheckList';
import { isAbEndpointPass, type CheckState } from './health-checks.rules';

type TestKey = 'products' | 'order';
const TESTS: readonly { key: TestKey; label: string; call: () => Promise<IntegrationProbeAnswer> }[] = [
  { key: 'products', label: 'supply_hub.integration.test_products', call: () => probes.getAbProducts() },
  { key: 'order', label: 'supply_hub.integration.test_order', call: () => probes.postAbOrder() },
];

const PENDING: Record<TestKey, CheckState> = { products: { status: 'pending' }, order: { status: 'pending' } };

function describeAnswer(translate: TranslateFunction, answer: IntegrationProbeAnswer): string {
  return answer.message
    ? translate('supply_hub.check.answered_message', { status: answer.status, message: answer.message })
    : translate('supply_hub.check.answered', { status: answer.status });
}

/** A non-OK HTTP result is a failure with its status and text (admin-portal §7). */
async function runTest(
  translate: TranslateFunction,
  call: () => Promise<IntegrationProbeAnswer>,
): Promise<CheckState & { isUnreachable?: boolean }> {
  try {
    const answer = await call();
    return { status: isAbEndpointPass(answer) ? 'pass' : 'fail', message: describeAnswer(translate, answer) };
  } catch (error) {
    const status = errorStatusOf(error) ?? 0;
    const message = errorMessageOf(error, translate('supply_hub.common.unknown_error'));
    return {
      status: 'fail',
      message: translate('supply_hub.check.http_error', { status: status || 'ERROR', message }),
      isUnreachable: status === 0,
    };
  }
}

/**
 * The business-purchasing endpoint tests (GET /api/ab/products, POST /api/ab/order) of the orders
 * page's health panel, the system health page and /admin/ab-health, with their toasts.
 */
export function useAbEndpointTests() {
  const translate = useTranslate();
  const notify = useNotify();
  const [results, setResults] = useState<Record<TestKey, CheckState>>(PENDING);
  const [isRunning, setRunning] = useState(false);

  async function run() {
    setRunning(true);
    setResults(PENDING);
    const outcomes = await Promise.all(TESTS.map((test) => runTest(translate, test.call)));
    const next = { products: outcomes[0] ?? PENDING.products, order: outcomes[1] ?? PENDING.order };
    setResults(next);
    setRunning(false);
    const summary = translate('supply_hub.integration.tests_summary', {
      products: translate(`supply_hub.check.${next.products.status}`),
      order: translate(`supply_hub.check.${next.order.status}`),
    });
    const isUnreachable = outcomes.every((outcome) => outcome.isUnreachable);
    const isPass = outcomes.every((outcome) => outcome.status === 'pass');
    notify(
      <ToastMessage
        title={translate(
          isUnreachable ? 'supply_hub.integration.tests_failed' : 'supply_hub.integration.tests_complete',
        )}
        text={summary}
        severity={isUnreachable ? 'error' : isPass ? 'success' : 'warning'}
      />,
      { type: isUnreachable ? 'error' : isPass ? 'success' : 'warning' },
    );
  }

  const checks: NamedCheck[] = TESTS.map((test) => ({ key: test.key, label: test.label, ...results[test.key] }));
  return { checks, isRunning, run };
}
