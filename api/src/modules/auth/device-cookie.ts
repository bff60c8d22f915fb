import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Request, Response } from 'express';

/**
 * OWASP's "device cookie": a browser that once signed in to an account with the right password
 * gets a signed token naming that account. With it, the account's lock-out for unknown browsers
 * does not apply (the device has a budget of its own), so an attacker guessing the password cannot
 * lock the real user out.
 */
export const DEVICE_COOKIE = 'supply_hub.device';
const MAX_AGE_MS = 180 * 24 * 3600 * 1000;

function macOf(secret: string, email: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device-cookie\0${email}\0${nonce}`).digest('base64url');
}

export function issueDeviceToken(secret: string, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${macOf(secret, email, nonce)}`;
}

/** The device's id when the token was issued for this e-mail by this server, else undefined. */
export function deviceIdOf(secret: string, email: string, token: string | undefined): string | undefined {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match?.[1] || !match[2]) return undefined;
  const expected = Buffer.from(macOf(secret, email, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : undefined;
}

export function readDeviceToken(req: Request): string | undefined {
  const header = req.headers.cookie ?? '';
  const found = header.split(/;\s*/).find((part) => part.startsWith(`${DEVICE_COOKIE}=`));
  return found ? decodeURIComponent(found.slice(DEVICE_COOKIE.length + 1)) : undefined;
}

export function setDeviceCookie(res: Response, token: string, isSecure: boolean): void {
  res.cookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure,
    path: '/api/auth',
    maxAge: MAX_AGE_MS,
  });
}
