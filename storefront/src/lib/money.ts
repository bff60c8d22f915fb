const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money as the specifications show it: US dollars with two decimals ('$1,234.50'). */
export function formatUsd(amount: string | number): string {
  return USD.format(Number(amount));
}
