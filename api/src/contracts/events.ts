import { z } from 'zod';

/** What travels on the event hub (PostgreSQL NOTIFY) and, but for company settings, to browsers. */
export const hubEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('profile.updated'), user_id: z.string() }),
  z.object({ type: z.literal('product.changed') }),
  z.object({ type: z.literal('order.updated'), user_id: z.string(), order_id: z.string(), status: z.string() }),
  // A STAT order waits for a level: each stream sends it on only to a user who may approve that level.
  z.object({
    type: z.literal('order.stat_waiting'),
    order_id: z.string(),
    order_number: z.string(),
    level: z.number().int(),
  }),
  // For the instances themselves (their cached copies), never sent to a browser.
  z.object({ type: z.literal('company_settings.changed') }),
]);
export type HubEvent = z.infer<typeof hubEventSchema>;

/** The PostgreSQL NOTIFY channel every instance listens on and every writer of an event notifies. */
export const EVENTS_CHANNEL = 'supply_hub_events';
