import type { ExpiringLot } from './expiring-stock.js';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** When a lot expires, in words: "Expired 3 days ago", "Expires today", "Expires in 12 days". */
export function expiryText(lot: Pick<ExpiringLot, 'days_left'>): string {
  if (lot.days_left < 0) return `Expired ${days(-lot.days_left)} ago`;
  if (lot.days_left === 0) return 'Expires today';
  return `Expires in ${days(lot.days_left)}`;
}

/** The marks a lot carries, recalled first (it matters most): "recalled", "expired", "recalled, expired" or "". */
export function expiryMarks(lot: Pick<ExpiringLot, 'is_expired' | 'is_recalled'>): string {
  return [lot.is_recalled ? 'recalled' : null, lot.is_expired ? 'expired' : null].filter(Boolean).join(', ');
}
