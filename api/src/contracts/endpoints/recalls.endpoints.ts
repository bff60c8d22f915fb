import { recallLookupSchema, recallNotifiedSchema, recallNotifySchema, recallQuerySchema } from '../recalls.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: recalls';
const access = { roles: ['admin'] } as const;

export const recallsEndpoints = {
  lookup: endpoint({
    method: 'get',
    path: '/api/admin/recalls/receipts',
    summary: 'Every receipt of a recalled lot: order, location, department, who received it, when, how many',
    description:
      'code: a GTIN, an ASIN, or a scan of the recalled pack (a GS1 element string; its lot is used when lot is not given).',
    tag,
    access,
    query: recallQuerySchema,
    responses: { 200: recallLookupSchema },
    errors: [400, 401, 403, 404],
  }),
  export: endpoint({
    method: 'get',
    path: '/api/admin/recalls/receipts/export',
    summary: 'The receipts of a recalled lot as CSV (audited)',
    description: 'Every cell is spreadsheet-safe (a leading =, +, -, @ is neutralised).',
    tag,
    access,
    query: recallQuerySchema,
    responses: { 200: { contentType: 'text/csv', description: 'One row per receipt line of the lot, newest first' } },
    errors: [400, 401, 403, 404],
  }),
  notify: endpoint({
    method: 'post',
    path: '/api/admin/recalls/notify',
    summary: 'E-mail the requesters of every order that received the lot (one mail each; audited)',
    tag,
    access,
    body: recallNotifySchema,
    responses: { 200: recallNotifiedSchema },
    errors: [400, 401, 403, 404],
  }),
};
