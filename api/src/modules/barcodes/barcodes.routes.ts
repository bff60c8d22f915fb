import express, { Router } from 'express';

import { gtinImportQuerySchema, scanQuerySchema } from '../../contracts/barcodes.js';
import { AppError } from '../../http/app-error.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { importProductGtins, resolveScan } from './barcodes.service.js';

const csvBody = express.text({ type: 'text/csv', limit: '1mb' });

export function barcodesRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/scan', allow.signedIn(), async (req, res) => {
    res.json(await resolveScan(contextFor(req), scanQuerySchema.parse(req.query).code));
  });

  router.post('/admin/product-gtins/import', allow.roles('admin'), csvBody, async (req, res) => {
    if (typeof req.body !== 'string') {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the GTIN file as text/csv.');
    }
    const { dry_run } = gtinImportQuerySchema.parse(req.query);
    res.json(await importProductGtins(contextFor(req), req.body, dry_run === 'true'));
  });

  return router;
}
