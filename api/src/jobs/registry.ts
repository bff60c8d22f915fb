import { catalogBootstrapJob } from './catalog-bootstrap.job.js';
import { catalogReseedJob } from './catalog-reseed.job.js';
import { expiredSessionCleanupJob } from './expired-session-cleanup.job.js';
import { expiryDigestJob } from './expiry-digest.job.js';
import { historyRetentionJob } from './history-retention.job.js';
import { invoiceStatusUpdatesJob } from './invoice-status-updates.job.js';
import { standingOrdersJob } from './standing-orders.job.js';
import type { Job } from './job.js';
import { mailOutboxJob } from './mail-outbox.job.js';
import { sandboxSupplierDocumentsJob } from './sandbox-supplier-documents.job.js';
import { supplierRecoveryJob } from './supplier-recovery.job.js';

export const JOBS: readonly Job[] = [
  catalogBootstrapJob,
  catalogReseedJob,
  expiredSessionCleanupJob,
  supplierRecoveryJob,
  mailOutboxJob,
  historyRetentionJob,
  sandboxSupplierDocumentsJob,
  invoiceStatusUpdatesJob,
  standingOrdersJob,
  expiryDigestJob,
];

export function findJob(name: string): Job | undefined {
  return JOBS.find((job) => job.name === name);
}
