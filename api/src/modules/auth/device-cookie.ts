import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Request, Response } from 'express';

/**
 * OWASP's "device cookie": a browser that once signed in to an account with the right password
 * gets a signed token naming that account. With it, the account's lock-out for unknown browsers
 * does not apply (the device has a budget of its own), so an attacker guessing the password cannot
 * lock the real user out.
 *
 * A ward PC is shared by a whole shift, so the cookie keeps one entry for each of the last
 * MAX_REMEMBERED_ACCOUNTS accounts that signed in on the browser, newest first. An entry is a
 * random id and an HMAC of the e-mail with it; it does not show the e-mail, so the cookie does not
 * tell who used the PC. Entries that are malformed are dropped; a forged or altered one never
 * verifies for any account and leaves the list in time.
 */
export const DEVICE_COOKIE = 'supply_hub.device';
export const MAX_REMEMBERED_ACCOUNTS = 10;
const MAX_AGE_MS = 180 * 24 * 3600 * 1000;
const SEPARATOR = '~';
const ENTRY = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function macOf(secret: string, email: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device-cookie\0${email}\0${nonce}`).digest('base64url');
}

function issueEntry(secret: string, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${macOf(secret, email, nonce)}`;
}

/** The well-formed entries of a cookie value, newest first, at most MAX_REMEMBERED_ACCOUNTS. */
function entriesOf(cookie: string | undefined): string[] {
  return (cookie ?? '')
    .split(SEPARATOR)
    .filter((entry) => ENTRY.test(entry))
    .slice(0, MAX_REMEMBERED_ACCOUNTS);
}

/** The entry's device id when this server signed it for this e-mail, else undefined. */
function deviceIdOfEntry(secret: string, email: string, entry: string): string | undefined {
  const [, nonce, mac] = ENTRY.exec(entry) ?? [];
  if (!nonce || !mac) return undefined;
  const expected = Buffer.from(macOf(secret, email, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : undefined;
}

/** The device id this browser holds for this e-mail (its entry signed by this server), else undefined. */
export function deviceIdOf(secret: string, email: string, cookie: string | undefined): string | undefined {
  for (const entry of entriesOf(cookie)) {
    const deviceId = deviceIdOfEntry(secret, email, entry);
    if (deviceId) return deviceId;
  }
  return undefined;
}

/**
 * The cookie after this account signed in: a fresh entry for it first, its older entry gone, the
 * others kept in their order, and the oldest dropped beyond MAX_REMEMBERED_ACCOUNTS.
 */
export function rememberAccount(secret: string, email: string, cookie: string | undefined): string {
  const others = entriesOf(cookie).filter((entry) => !deviceIdOfEntry(secret, email, entry));
  return [issueEntry(secret, email), ...others].slice(0, MAX_REMEMBERED_ACCOUNTS).join(SEPARATOR);
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
