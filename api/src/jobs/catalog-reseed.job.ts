import { reseedCatalog } from '../modules/catalog/catalog.service.js';
import type { Job } from './job.js';

export const catalogReseedJob: Job = {
  name: 'catalog-reseed',
  description: 'Corrects product titles and prices that drifted from the catalogue CSV',
  schedule: '30 2 * * *',
  runAtStartup: false,
  async run(ctx) {
    const result = await reseedCatalog(ctx);
    return { corrected_count: result.corrected_count };
  },
};
