import { describe, expect, it } from '@jest/globals';

import { ConfigError, loadConfig } from '../config.js';
import { inboundDocumentLabels, methodLabel } from './metric-labels.rules.js';
import { metricsAccess } from './metrics-access.js';

const SECRETS = { SESSION_SECRET: 'x'.repeat(40), SETTINGS_ENCRYPTION_KEY: 'b'.repeat(64) };
const TOKEN = 'scrape-token-0123456789abcdef0123456789';

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ ...SECRETS, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('who may read GET /metrics', () => {
  const byDefault = metricsAccess({ allowedFrom: loadConfig(SECRETS).metrics.allowedFrom, token: undefined });
  const subnets = metricsAccess({ allowedFrom: ['10.0.0.0/8', 'fd00::/8', '192.0.2.7'], token: TOKEN });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    // A dual-stack socket reports an IPv4 client as IPv4-mapped IPv6.
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['2001:db8::1', false],
    ['not an address', false],
    [undefined, false],
  ])('by default (loopback), %s is allowed: %s', (address, isAllowed) => {
    expect(byDefault({ address, authorization: undefined })).toBe(isAllowed);
  });

  it.each([
    ['10.200.1.1', true],
    ['::ffff:10.200.1.1', true],
    ['fd12::1', true],
    ['192.0.2.7', true],
    ['192.0.2.8', false],
    ['11.0.0.1', false],
    ['127.0.0.1', false],
  ])('with METRICS_ALLOWED_FROM=10.0.0.0/8,fd00::/8,192.0.2.7, %s is allowed: %s', (address, isAllowed) => {
    expect(subnets({ address, authorization: undefined })).toBe(isAllowed);
  });

  it.each([
    [`Bearer ${TOKEN}`, true],
    [`bearer ${TOKEN}`, true],
    [`Bearer ${TOKEN}x`, false],
    [`Bearer ${TOKEN.slice(0, -1)}`, false],
    [`Basic ${TOKEN}`, false],
    [TOKEN, false],
    ['Bearer ', false],
    [undefined, false],
  ])('from elsewhere, Authorization %s is allowed: %s', (authorization, isAllowed) => {
    expect(subnets({ address: '203.0.113.5', authorization })).toBe(isAllowed);
  });

  it('without METRICS_TOKEN no bearer token opens it', () => {
    expect(byDefault({ address: '203.0.113.5', authorization: 'Bearer undefined' })).toBe(false);
    expect(byDefault({ address: '203.0.113.5', authorization: 'Bearer ' })).toBe(false);
  });
});

describe('the METRICS_* settings', () => {
  it('are off, loopback-only and without a token by default', () => {
    expect(loadConfig(SECRETS).metrics).toEqual({
      isEnabled: false,
      allowedFrom: ['127.0.0.1/8', '::1'],
      token: undefined,
    });
  });

  it('read a list of addresses and subnets, trimmed, and the token', () => {
    const config = loadConfig({
      ...SECRETS,
      METRICS_ENABLED: 'true',
      METRICS_ALLOWED_FROM: '10.0.0.0/8, 192.0.2.7 ,fd00::/8',
      METRICS_TOKEN: TOKEN,
    });
    expect(config.metrics).toEqual({
      isEnabled: true,
      allowedFrom: ['10.0.0.0/8', '192.0.2.7', 'fd00::/8'],
      token: TOKEN,
    });
  });

  it.each(['10.0.0.0/33', 'localhost', '10.0.0.1/8/1', '10.0.0.0/x', 'fd00::/129', '10.0.0.1,,::1'])(
    'refuse METRICS_ALLOWED_FROM=%s at start',
    (value) => {
      expect(configError({ METRICS_ALLOWED_FROM: value })).toMatch(
        /^Configuration error: METRICS_ALLOWED_FROM must be a comma-separated list of IP addresses or subnets/,
      );
    },
  );

  it('refuse a short METRICS_TOKEN at start', () => {
    expect(configError({ METRICS_TOKEN: 'short' })).toBe(
      'Configuration error: METRICS_TOKEN must be at least 32 characters',
    );
  });
});

describe('label values come from fixed sets', () => {
  it.each([
    ['ConfirmationRequest', 200, { type: 'ConfirmationRequest', outcome: 'accepted' }],
    ['InvoiceDetailRequest', 409, { type: 'InvoiceDetailRequest', outcome: 'refused' }],
    ['ShipNoticeRequest', 503, { type: 'ShipNoticeRequest', outcome: 'deferred' }],
    ['StatusUpdateRequest', 500, { type: 'StatusUpdateRequest', outcome: 'failed' }],
    ['OrderRequest-1234-from-the-supplier', 400, { type: 'other', outcome: 'refused' }],
    [null, 429, { type: 'unknown', outcome: 'deferred' }],
    [null, 401, { type: 'unknown', outcome: 'refused' }],
  ] as const)('an inbound %s answered %i is labelled %j', (type, code, labels) => {
    expect(inboundDocumentLabels(type, code)).toEqual(labels);
  });

  it('keeps the common methods and folds the rest into "other"', () => {
    expect(['GET', 'POST', 'PROPFIND', 'PURGE'].map(methodLabel)).toEqual(['GET', 'POST', 'other', 'other']);
  });
});
