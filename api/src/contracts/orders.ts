import { z } from 'zod';

/** decisions.md status machine: pending → approved → submitted | failed; failed → retry; pending → rejected. */
export const ORDER_STATUSES = ['pending', 'approved', 'submitted', 'failed', 'rejected'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Unknown statuses display as pending (provider-portal §4). */
export function displayStatus(status: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : 'pending';
}
