import type { RequestHandler } from 'express';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

import type { AppConfig } from '../../config.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import {
  addressKey,
  backOffSeconds,
  THROTTLE_RULES,
  type ThrottleRule,
  type ThrottleRuleName,
} from './throttle-rules.js';

const DAY_S = 24 * 3600;

export interface ThrottleState {
  attempts: number;
  limit: number;
  isBlocked: boolean;
  /** When the window (or the pause) ends. */
  resetsAt: Date;
}

/**
 * Counters shared by every instance (PostgreSQL). consume() takes the attempt in one atomic
 * upsert BEFORE the secret is checked, so parallel guesses cannot all pass a "still allowed?" read.
 */
export interface Throttles {
  /** Takes one attempt; throws 429 TOO_MANY_ATTEMPTS when none is left (nothing is verified then). */
  consume(rule: ThrottleRuleName, key: string): Promise<void>;
  /** Gives the attempt back: a right answer does not count against a failure budget. */
  reward(rule: ThrottleRuleName, key: string): Promise<void>;
  /** Forgets the key and its back-off history: a success, or an administrator's unlock. */
  clear(rule: ThrottleRuleName, key: string): Promise<void>;
  inspect(rule: ThrottleRuleName, key: string): Promise<ThrottleState | null>;
}

export function tooManyAttempts(rule: ThrottleRule, retryMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  return new AppError(429, 'TOO_MANY_ATTEMPTS', rule.message.replace('{minutes}', String(minutes)), undefined, {
    retry_after_s: Math.ceil(retryMs / 1000),
  });
}

export function createThrottles(db: Db, config: Pick<AppConfig, 'rateLimitAddressFactor'>): Throttles {
  const common = {
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: false,
  } as const;
  const limitOf = (rule: ThrottleRule) => rule.points * (rule.isPerAddress ? config.rateLimitAddressFactor : 1);
  const limiters = new Map<ThrottleRuleName, RateLimiterPostgres>(
    (Object.keys(THROTTLE_RULES) as ThrottleRuleName[]).map((name) => {
      const rule: ThrottleRule = THROTTLE_RULES[name];
      return [
        name,
        new RateLimiterPostgres({ ...common, keyPrefix: rule.name, points: limitOf(rule), duration: rule.durationS }),
      ];
    }),
  );
  // How often a back-off key ran out today: the exponent of its next pause.
  const strikes = new RateLimiterPostgres({
    ...common,
    keyPrefix: 'throttle-strikes',
    points: 1_000_000,
    duration: DAY_S,
  });
  const limiterOf = (name: ThrottleRuleName) => limiters.get(name)!;

  return {
    async consume(name, key) {
      const rule: ThrottleRule = THROTTLE_RULES[name];
      const limiter = limiterOf(name);
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // Only the attempt that first ran out sets the pause; the others see it.
        if (rejection.consumedPoints === limitOf(rule) + 1 && rule.blockS) {
          const strike = await strikes.consume(`${rule.name}:${key}`);
          const pauseS = backOffSeconds(rule, strike.consumedPoints);
          await limiter.block(key, pauseS);
          throw tooManyAttempts(rule, pauseS * 1000);
        }
        throw tooManyAttempts(rule, rejection.msBeforeNext);
      }
    },
    async reward(name, key) {
      await limiterOf(name).reward(key);
    },
    async clear(name, key) {
      await Promise.all([limiterOf(name).delete(key), strikes.delete(`${THROTTLE_RULES[name].name}:${key}`)]);
    },
    async inspect(name, key) {
      const state = await limiterOf(name).get(key);
      if (!state) return null;
      const limit = limitOf(THROTTLE_RULES[name]);
      return {
        attempts: Math.min(state.consumedPoints, limit),
        limit,
        isBlocked: state.consumedPoints > limit,
        resetsAt: new Date(Date.now() + state.msBeforeNext),
      };
    },
  };
}

/** An entry point's limit as route middleware: `router.post(path, throttled(throttles, 'signUpAddress', byAddress), …)`. */
export function throttled(
  throttles: Throttles,
  rule: ThrottleRuleName,
  keyOf: (req: Parameters<RequestHandler>[0]) => string,
): RequestHandler {
  return async (req, _res, next) => {
    await throttles.consume(rule, keyOf(req));
    next();
  };
}

/** The per-address key of a request (req.ip honours TRUST_PROXY). */
export const byAddress = (req: Parameters<RequestHandler>[0]): string => addressKey(req.ip);
