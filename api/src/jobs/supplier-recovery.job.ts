import { recoverOrdersLeftInFlight } from '../modules/supplier/supplier-submission.service.js';
import type { Job } from './job.js';

export const supplierRecoveryJob: Job = {
  name: 'supplier-recovery',
  description: 'Finishes supplier submissions left in flight by a crash, resending the same payloadID',
  schedule: '* * * * *',
  runAtStartup: true,
  async run(ctx) {
    return recoverOrdersLeftInFlight(ctx);
  },
};
