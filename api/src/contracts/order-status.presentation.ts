import type { OrderStatus } from './orders.js';

/**
 * The order status badge of both apps (provider-portal §4, admin-portal §4): dark text on a light
 * tint, each pair above WCAG's 4.5:1 contrast. Unknown statuses show as pending (displayStatus).
 */
export const ORDER_STATUS_BADGES: Readonly<
  Record<OrderStatus, { label: string; color: string; backgroundColor: string }>
> = {
  pending: { label: 'Pending', color: '#7a4f01', backgroundColor: '#fff4d6' },
  approved: { label: 'Approved', color: '#1b5e20', backgroundColor: '#e6f4e7' },
  submitted: { label: 'Submitted', color: '#0d47a1', backgroundColor: '#e3f0fd' },
  rejected: { label: 'Rejected', color: '#b71c1c', backgroundColor: '#fdeaea' },
  failed: { label: 'Failed', color: '#880e4f', backgroundColor: '#fce4ee' },
};
