import { randomBytes } from 'node:crypto';

import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

import type { AppConfig } from '../config.js';

function cspDirectives(config: AppConfig) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'"],
    // MUI (emotion) injects style elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** helmet with a strict CSP: everything from our own origin, no framing, no inline scripts. */
export function securityHeaders(config: AppConfig) {
  const isHttps = config.publicUrl.startsWith('https://');
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The same CSP plus inline scripts that carry this response's nonce (`res.locals.cspNonce`): AdminJS
 * pages (/admin/backend) start with two inline scripts. Nothing else is relaxed.
 */
export function cspWithScriptNonce(config: AppConfig): RequestHandler {
  const policy = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      ...cspDirectives(config),
      scriptSrc: ["'self'", (_req, res) => `'nonce-${String((res as Response).locals.cspNonce)}'`],
    },
  });
  return (req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    policy(req, res, next);
  };
}
