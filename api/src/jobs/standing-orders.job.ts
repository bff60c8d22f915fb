import { runDueStandingOrders } from '../modules/standing-orders/standing-orders.service.js';
import type { Job } from './job.js';

export const standingOrdersJob: Job = {
  name: 'standing-orders',
  description:
    'Creates the orders of standing orders due today (company calendar), once each; skips and tells the owner when a budget or limit refuses one',
  schedule: '*/15 * * * *',
  // Its first quarter hour comes soon enough; a start stays short (operators restart under load).
  runAtStartup: false,
  async run(ctx) {
    return runDueStandingOrders(ctx);
  },
};
