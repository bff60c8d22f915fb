import { sendDueSandboxDocuments } from '../modules/sandbox-supplier/sandbox-documents.service.js';
import type { Job } from './job.js';

export const sandboxSupplierDocumentsJob: Job = {
  name: 'sandbox-supplier-documents',
  description:
    "The sandbox supplier's confirmations and ship notices, sent to the inbound cXML endpoint when due (demo mode and tests only)",
  schedule: '*/5 * * * * *',
  runAtStartup: false,
  isEnabledFor: (config) => config.isDemoMode,
  async run(ctx) {
    return sendDueSandboxDocuments(ctx);
  },
};
