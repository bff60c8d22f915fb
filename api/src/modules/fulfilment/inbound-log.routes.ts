import { Router } from 'express';

import { INBOUND_DOCUMENT_SORTS, inboundDocumentFilterSchema } from '../../contracts/fulfilment.js';
import { mountRaList } from '../../http/ra-resource.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { listInboundDocuments } from './fulfilment.service.js';

/** GET /api/admin/inbound-documents: the supplier documents received, newest first (admins only). */
export function inboundLogRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  mountRaList(router, 'inbound-documents', ['admin'], {
    sortFields: INBOUND_DOCUMENT_SORTS,
    defaultSort: { field: 'received_at', order: 'desc' },
    filter: inboundDocumentFilterSchema,
    defaultLimit: 25,
    load: (req, page) => listInboundDocuments(contextFor(req), page),
  });
  return router;
}
