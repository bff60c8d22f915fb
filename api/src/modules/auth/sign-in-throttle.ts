import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';

/** Failed sign-ins allowed per account and per client address before a pause (PostgreSQL-backed). */
const ACCOUNT_LIMIT = { points: 5, duration: 15 * 60, blockDuration: 15 * 60 };
const ADDRESS_LIMIT = { points: 30, duration: 15 * 60, blockDuration: 15 * 60 };

export interface SignInThrottle {
  assertAllowed(email: string, address: string): Promise<void>;
  recordFailure(email: string, address: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

export function createSignInThrottle(db: Db): SignInThrottle {
  const common = {
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: false,
  } as const;
  const byAccount = new RateLimiterPostgres({ ...common, keyPrefix: 'signin-account', ...ACCOUNT_LIMIT });
  const byAddress = new RateLimiterPostgres({ ...common, keyPrefix: 'signin-address', ...ADDRESS_LIMIT });

  const tooMany = (retryMs: number) =>
    new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many sign-in attempts. Try again in ${Math.max(1, Math.ceil(retryMs / 60_000))} minute(s).`,
    );

  return {
    async assertAllowed(email, address) {
      const [account, client] = await Promise.all([byAccount.get(email), byAddress.get(address)]);
      for (const state of [account, client]) {
        if (state && state.consumedPoints >= (state === account ? ACCOUNT_LIMIT : ADDRESS_LIMIT).points)
          throw tooMany(state.msBeforeNext);
      }
    },
    async recordFailure(email, address) {
      const results = await Promise.allSettled([byAccount.consume(email), byAddress.consume(address)]);
      for (const result of results) {
        if (result.status === 'rejected') {
          if (result.reason instanceof RateLimiterRes) throw tooMany(result.reason.msBeforeNext);
          throw result.reason as Error;
        }
      }
    },
    async recordSuccess(email) {
      await byAccount.delete(email);
    },
  };
}
