import { z } from 'zod';

/** POST /api/punchout/sessions: where to send the browser to shop at the supplier. */
export const punchoutSessionSchema = z
  .strictObject({
    start_page: z.string().describe("The supplier's StartPage URL from its PunchOutSetupResponse"),
    expires_at: z.string().describe('After this the returned cart is refused'),
  })
  .meta({ id: 'PunchoutSession' });
export type PunchoutSession = z.infer<typeof punchoutSessionSchema>;

/** The browser form post of the supplier's page: one of the two fields carries the PunchOutOrderMessage. */
export const punchoutReturnFormSchema = z.object({
  'cxml-urlencoded': z.string().optional().describe('The cXML document itself'),
  'cxml-base64': z.string().optional().describe('The cXML document, base64 (UTF-8)'),
});
