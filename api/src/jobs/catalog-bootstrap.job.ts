import { BOOTSTRAP_THRESHOLD } from '../contracts/catalog.js';
import { bootstrapCatalog, countActiveCatalogProducts } from '../modules/catalog/catalog.service.js';
import type { Job } from './job.js';

export const catalogBootstrapJob: Job = {
  name: 'catalog-bootstrap',
  description: `Bootstraps the catalogue from the CSV when fewer than ${BOOTSTRAP_THRESHOLD} products are active`,
  schedule: '15 3 * * *',
  runAtStartup: true,
  async run(ctx): Promise<Record<string, number | boolean>> {
    const active = await countActiveCatalogProducts(ctx);
    if (active >= BOOTSTRAP_THRESHOLD) return { ran: false, db_active_count: active };
    const result = await bootstrapCatalog(ctx);
    return {
      ran: true,
      upserted_count: result.upserted_count,
      reactivated_count: result.reactivated_count,
      deactivated_count: result.deactivated_count,
      order_protected_count: result.order_protected_count,
      db_active_count: result.db_active_count,
    };
  },
};
