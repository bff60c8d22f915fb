import { orderSchema } from '../order-submission.js';
import { qaRunnerStateSchema, qaRunResultSchema, qaRunSavedSchema } from '../qa-runner.js';
import { endpoint } from './endpoint.js';

const TAG = 'Admin: QA runner';
const ADMIN = { roles: ['admin'] } as const;

/** The QA runner's server half: demo mode only, else 403 QA_PREVIEW_ONLY. */
export const qaRunnerEndpoints = {
  createQaOrder: endpoint({
    method: 'post',
    path: '/api/admin/qa-runner/order',
    summary: 'Place a QA test order',
    description:
      "A pending order for the demo doctor's address, marked as a QA order and attributed to the admin running the test. Demo mode only. 422 SHIPPING_ADDRESS_REQUIRED when the demo doctor has no shipping address.",
    tag: TAG,
    access: ADMIN,
    responses: { 201: orderSchema },
    errors: [401, 403, 409, 422],
  }),
  getQaResult: endpoint({
    method: 'get',
    path: '/api/admin/qa-runner/result',
    summary: 'Read the last QA run',
    tag: TAG,
    access: ADMIN,
    responses: { 200: qaRunnerStateSchema },
    errors: [401, 403],
  }),
  saveQaResult: endpoint({
    method: 'put',
    path: '/api/admin/qa-runner/result',
    summary: 'Save a QA run and remove its test orders',
    description: "Ends the run: the admin's QA orders are removed from live data; the audit trail keeps their numbers.",
    tag: TAG,
    access: ADMIN,
    body: qaRunResultSchema,
    responses: { 200: qaRunSavedSchema },
    errors: [400, 401, 403],
  }),
} as const;
