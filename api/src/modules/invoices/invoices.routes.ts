import { Router } from 'express';

import {
  ADMIN_INVOICE_SORTS,
  adminInvoiceFilterSchema,
  invoiceDecisionSchema,
  invoiceMatchSettingsSchema,
} from '../../contracts/invoices.js';
import { parseIdParam } from '../../http/id-param.js';
import { raListRoute } from '../../http/list-query.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import {
  decideInvoice,
  exportReadyToPay,
  getInvoice,
  getInvoiceMatchSettings,
  listInvoices,
  saveInvoiceMatchSettings,
} from './invoices.service.js';

const NOT_FOUND = { message: 'Invoice not found', code: 'INVOICE_NOT_FOUND' };

/** /api/admin/invoices: the finance queue of supplier invoices; decisions are commands. */
export function invoicesRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  const finance = () => allow.roles('admin', 'finance');

  router.get(
    '/admin/invoices',
    finance(),
    raListRoute(
      'invoices',
      {
        sortFields: ADMIN_INVOICE_SORTS,
        defaultSort: { field: 'received_at', order: 'desc' },
        filter: adminInvoiceFilterSchema,
      },
      (req, page) => listInvoices(contextFor(req), page),
    ),
  );

  router.get('/admin/invoice-exports/ready-to-pay', finance(), async (req, res) => {
    const { fileName, csv } = await exportReadyToPay(contextFor(req));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(csv);
  });

  router.get('/admin/invoices/:id', finance(), async (req, res) => {
    res.json(await getInvoice(contextFor(req), parseIdParam(req.params, NOT_FOUND)));
  });

  for (const decision of ['accept', 'dispute'] as const) {
    router.post(`/admin/invoices/:id/${decision}`, finance(), async (req, res) => {
      const id = parseIdParam(req.params, NOT_FOUND);
      const input = invoiceDecisionSchema.parse(req.body ?? {});
      res.json(await decideInvoice(contextFor(req), id, decision, input));
    });
  }

  router.get('/admin/invoice-settings', finance(), async (req, res) => {
    res.json(await getInvoiceMatchSettings(contextFor(req)));
  });

  router.put('/admin/invoice-settings', allow.roles('admin'), async (req, res) => {
    res.json(await saveInvoiceMatchSettings(contextFor(req), invoiceMatchSettingsSchema.parse(req.body ?? {})));
  });

  return router;
}
