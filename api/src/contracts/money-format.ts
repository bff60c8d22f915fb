// The one money format of both apps (and of messages the API writes): pure, no zod.
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Money as the specifications show it: US dollars with two decimals ('$1,234.50'). The API sends
 * amounts as decimal strings; no amount gives null, and text that is no number is shown as given.
 */
export function formatUsd(amount: string | number): string;
export function formatUsd(amount: string | number | null | undefined): string | null;
export function formatUsd(amount: string | number | null | undefined): string | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const value = Number(amount);
  return Number.isFinite(value) ? USD.format(value) : String(amount);
}
