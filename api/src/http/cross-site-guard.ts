import type { RequestHandler } from 'express';

import { AppError } from './app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests a browser sends from another site: Sec-Fetch-Site when present,
 * else Origin, must be this portal. Requests without either (scripts, curl) carry no ambient
 * browser credentials of a victim and pass. Paths in `exemptPaths` verify themselves (SAML ACS).
 */
export function crossSiteGuard(publicUrl: string, exemptPaths: readonly RegExp[] = []): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || exemptPaths.some((pattern) => pattern.test(req.path))) return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const ownOrigin = `${req.protocol}://${req.get('host') ?? ''}`;
    const isOwnOrigin = origin === undefined || origin === publicOrigin || origin === ownOrigin;
    const isSameSite = fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (isOwnOrigin && isSameSite) return next();
    next(new AppError(403, 'CROSS_SITE_REQUEST', 'Cross-site request refused.'));
  };
}
