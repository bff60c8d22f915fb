import { describe, expect, it } from '@jest/globals';

import { toAppError } from './error-handler.js';

describe('toAppError', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['PostgreSQL shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['PostgreSQL starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    [
      'a pool that cannot get a connection',
      Object.assign(new Error('Timeout acquiring a connection'), { name: 'KnexTimeoutError' }),
    ],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
  ])('answers %s with 503 SERVICE_UNAVAILABLE, which a load balancer retries', (_label, error) => {
    expect(toAppError(error)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers any other failure with 500 INTERNAL_ERROR', () => {
    expect(toAppError(new Error('undefined is not a function'))).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
  });
});
