import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import type { QaRunResult, QaStepRecord, QaStepStatus } from '../../providers/records';
import { describeStepFailure, QA_STEPS, type QaRun } from './qa-steps';

const RESULT_KEY = ['qa-runner', 'result'];
/** With ?fast=1 (the browser tests) the pauses shrink to this. */
const FAST_WAIT_MS = 50;

export interface QaStepView {
  key: string;
  name: string;
  status: QaStepStatus;
  message?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The stored value may come back as JSON text or as the object. */
function parseStored(value: QaRunResult | string | null): QaRunResult | null {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as QaRunResult;
  } catch {
    return null;
  }
}

/** GET /api/admin/qa-runner/result: the last stored run and whether this server is in demo mode. */
export function useStoredQaResult() {
  const dataProvider = useSupplyHubDataProvider();
  return useQuery({
    queryKey: RESULT_KEY,
    queryFn: async () => {
      const state = await dataProvider.getQaRunnerState();
      return { result: parseStored(state.result), isDemoMode: state.demo_mode };
    },
    retry: false,
  });
}

/**
 * Runs the 12 steps one after the other: each goes pending → running → success or error; the run
 * stops at the first error and is saved (the last step saves a successful one itself).
 */
export function useQaRunner(isFast: boolean) {
  const translate = useTranslate();
  const dataProvider = useSupplyHubDataProvider();
  const queryClient = useQueryClient();
  const initial = (): QaStepView[] =>
    QA_STEPS.map((step) => ({ key: step.key, name: translate(`supply_hub.qa.step.${step.key}`), status: 'pending' }));
  const [steps, setSteps] = useState<QaStepView[]>(initial);
  const [isRunning, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<'success' | 'error' | null>(null);
  const latest = useRef<QaStepView[]>(steps);

  function update(index: number, change: Partial<QaStepView>) {
    latest.current = latest.current.map((step, at) => (at === index ? { ...step, ...change } : step));
    setSteps(latest.current);
  }

  const toRecords = (views: readonly QaStepView[]): QaStepRecord[] =>
    views.map(({ name, status, message }) => ({ name, status, message: message ?? null }));

  async function run() {
    latest.current = initial();
    setSteps(latest.current);
    setOutcome(null);
    setRunning(true);
    const saveIndex = QA_STEPS.length - 1;
    const context: QaRun = {
      dataProvider,
      translate,
      // The saved run counts the saving step as done: it is, once the PUT succeeds.
      snapshot: () => ({
        status: 'success',
        finished_at: new Date().toISOString(),
        steps: toRecords(
          latest.current.map((step, at) =>
            at === saveIndex
              ? { ...step, status: 'success', message: translate('supply_hub.qa.ok.save_result') }
              : step,
          ),
        ),
      }),
    };
    let failed = false;
    for (const [index, step] of QA_STEPS.entries()) {
      update(index, { status: 'running' });
      try {
        update(index, { status: 'success', message: await step.run(context) });
      } catch (error) {
        update(index, { status: 'error', message: describeStepFailure(context, step, error) });
        failed = true;
        break;
      }
      if (index < saveIndex) await sleep(isFast ? FAST_WAIT_MS : step.waitMs);
    }
    if (failed && latest.current[0]?.status === 'success') {
      // A failed run is kept too; outside demo mode (step 1) the server would refuse it anyway.
      const result: QaRunResult = {
        status: 'error',
        finished_at: new Date().toISOString(),
        steps: toRecords(latest.current),
      };
      await dataProvider.saveQaResult(result).catch(() => undefined);
    }
    setOutcome(failed ? 'error' : 'success');
    setRunning(false);
    void queryClient.invalidateQueries({ queryKey: RESULT_KEY });
  }

  return { steps, isRunning, outcome, run };
}
