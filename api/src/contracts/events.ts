import { z } from 'zod';

/** What travels on the event hub (PostgreSQL NOTIFY) and, but for company settings, to browsers. */
export const hubEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('profile.updated'), user_id: z.string() }),
  z.object({ type: z.literal('product.changed') }),
  z.object({ type: z.literal('order.updated'), user_id: z.string(), order_id: z.string(), status: z.string() }),
  // For the instances themselves (their cached copies), never sent to a browser.
  z.object({ type: z.literal('company_settings.changed') }),
]);
export type HubEvent = z.infer<typeof hubEventSchema>;
