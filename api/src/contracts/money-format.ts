// The one money format of both apps (and of messages the API writes): pure, no zod.
//
// Written out rather than Intl.NumberFormat: a browser's first Intl formatter loads its locale data
// (100 ms and more on a phone), which blocked the storefront's start. Same output as
// Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }) (money-format.test.ts checks).
let intlUsd: Intl.NumberFormat | undefined;

/** '$1,234.50': the number's shortest decimal form rounded half away from zero to cents, as Intl does. */
function formatUsdNumber(value: number): string {
  const digits = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(value)));
  if (!digits) {
    // Exponent notation (1e21 and up, or below 1e-6): rare enough for Intl.
    intlUsd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return intlUsd.format(value);
  }
  const [, whole, fraction = ''] = digits;
  const cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + (fraction.charAt(2) >= '5' ? 1n : 0n);
  const dollars = (cents / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}$${dollars}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/**
 * Money as the specifications show it: US dollars with two decimals ('$1,234.50'). The API sends
 * amounts as decimal strings; no amount gives null, and text that is no number is shown as given.
 */
export function formatUsd(amount: string | number): string;
export function formatUsd(amount: string | number | null | undefined): string | null;
export function formatUsd(amount: string | number | null | undefined): string | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const value = Number(amount);
  return Number.isFinite(value) ? formatUsdNumber(value) : String(amount);
}
