import { punchoutReturnFormSchema, punchoutSessionSchema } from '../punchout.js';
import { endpoint } from './endpoint.js';

const tag = 'PunchOut shopping';

/** Shopping on the supplier's own site; docs/punchout.md. */
export const punchoutEndpoints = {
  startSession: endpoint({
    method: 'post',
    path: '/api/punchout/sessions',
    summary: "Open a shopping session at the supplier's PunchOut site",
    description:
      'Sends a cXML PunchOutSetupRequest (operation create, a one-time BuyerCookie, BrowserFormPost to /api/cxml/punchout/return, ' +
      "the user's e-mail and department as Extrinsics) to the configured PunchOut shopping URL and answers the StartPage of its " +
      'PunchOutSetupResponse. 409 when no shopping URL is set; 502 when the supplier does not answer or refuses.',
    tag,
    access: { roles: ['doctor', 'user', 'provider'] },
    responses: { 201: punchoutSessionSchema },
    errors: [401, 403, 409, 502],
  }),
  return: endpoint({
    method: 'post',
    path: '/api/cxml/punchout/return',
    summary: "The supplier's cart, posted back by the browser as a PunchOutOrderMessage",
    description:
      'A browser form post (application/x-www-form-urlencoded) with `cxml-urlencoded` or `cxml-base64`. The document must be ' +
      'valid against cXML.dtd, come from the configured supplier, total its lines, and carry the BuyerCookie of an open session ' +
      'of ours (used once, 2 hours). Its ItemIn lines enter the cart of the user who opened the session, priced as quoted, and the ' +
      'browser is sent to the catalogue with the cart open. Any refusal is an HTML page naming the problem; nothing is added.',
    tag,
    access: 'public',
    requestContentType: 'application/x-www-form-urlencoded',
    body: punchoutReturnFormSchema,
    responses: {
      303: { description: 'Added: to /catalog?supplier_cart=N', headers: { Location: 'The storefront catalogue' } },
      400: {
        contentType: 'text/html',
        description: 'Unreadable, invalid against the DTD, or breaking a rule; or an unknown BuyerCookie',
      },
      403: { contentType: 'text/html', description: 'The account that opened the session is no longer active' },
      409: { contentType: 'text/html', description: 'The session was already returned, or expired' },
      413: { contentType: 'text/html', description: 'Larger than a cXML document may be' },
    },
  }),
};
