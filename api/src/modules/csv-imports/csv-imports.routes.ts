import express, { Router } from 'express';

import { csvImportQuerySchema } from '../../contracts/csv-imports.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { CSV_IMPORTS, importCsv, type CsvImportName } from './csv-imports.service.js';

/** 5,000 rows of users are about 500 KB. */
const CSV_LIMIT = '2mb';

/** POST /api/admin/{departments,budgets,users}/import: admins' bulk set-up from CSV, a dry run by default. */
export function csvImportsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  for (const name of Object.keys(CSV_IMPORTS) as CsvImportName[]) {
    router.post(
      `/admin/${name}/import`,
      allow.roles('admin'),
      express.text({ type: ['text/csv', 'text/plain'], limit: CSV_LIMIT }),
      async (req, res) => {
        const { dry_run: dryRun } = csvImportQuerySchema.parse(req.query);
        res.json(await importCsv(contextFor(req), name, req.body, { dryRun: dryRun === 'true' }));
      },
    );
  }
  return router;
}
