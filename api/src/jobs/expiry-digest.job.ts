import { sendExpiryDigest } from '../modules/expiring-stock/expiring-stock.service.js';
import type { Job } from './job.js';

export const expiryDigestJob: Job = {
  name: 'expiry-digest',
  description:
    'Mondays 07:00: mails logistics admins every lot expiring within 60 days, and each location’s department members the lots at their locations (nothing when nothing expires)',
  schedule: '0 7 * * 1',
  // A restart must not mail everyone again: only the Monday tick sends it.
  runAtStartup: false,
  async run(ctx) {
    return sendExpiryDigest(ctx);
  },
};
