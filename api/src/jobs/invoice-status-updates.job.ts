import { sendDueInvoiceStatusUpdates } from '../modules/invoices/invoices.service.js';
import type { Job } from './job.js';

export const invoiceStatusUpdatesJob: Job = {
  name: 'invoice-status-updates',
  description:
    'Tells suppliers how their invoices were reconciled (StatusUpdateRequest), retrying what they did not take (30 s … 1 h; 10 attempts)',
  schedule: '* * * * *',
  // Its first minute comes soon enough; a start stays short (operators restart under load).
  runAtStartup: false,
  async run(ctx) {
    return sendDueInvoiceStatusUpdates(ctx);
  },
};
