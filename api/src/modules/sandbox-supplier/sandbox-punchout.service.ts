import { randomBytes } from 'node:crypto';

import type { ServiceContext } from '../../context.js';
import { readOrderRequest } from '../supplier/cxml/cxml-order-request-reader.js';
import { buildPunchOutOrderMessageXml, readPunchOutSetupRequest } from '../supplier/cxml/cxml-punchout.js';
import { buildCxmlResponseXml } from '../supplier/cxml/cxml-response-builder.js';
import { CxmlParseError } from '../supplier/cxml/cxml.types.js';
import { addToShopCart, shopCartMessageLines, type SandboxShopCartLine } from './sandbox-punchout.rules.js';
import * as queries from './sandbox-punchout.queries.js';
import { selectPunchoutCredentials } from './sandbox-supplier.queries.js';
import { hasValidCredentials } from './sandbox-supplier.service.js';

export const SANDBOX_SHOP_PATH = '/sandbox/supplier/punchout/shop';

/**
 * The sandbox's answer to a PunchOutSetupRequest: the same credential check as its orders, then a
 * shop session remembering the BuyerCookie and where to post the cart back, and its StartPage.
 */
export async function openShopSession(
  ctx: ServiceContext,
  body: string,
  ownOrigin: string,
): Promise<{ httpStatus: number; xml: string }> {
  const answer = (statusCode: number, statusText: string, message: string, startPage?: string) => ({
    httpStatus: statusCode,
    xml: buildCxmlResponseXml({ statusCode, statusText, message, punchOutStartPage: startPage, timestamp: ctx.now() }),
  });
  let header;
  let setup;
  try {
    header = readOrderRequest(body);
    setup = readPunchOutSetupRequest(body);
  } catch (error) {
    if (!(error instanceof CxmlParseError)) throw error;
    return answer(400, 'Bad Request', `The request is not a readable cXML document: ${error.message}`);
  }
  if (!(await hasValidCredentials(ctx, header))) {
    return answer(401, 'Unauthorized', 'The Sender credentials do not match the punchout settings.');
  }
  if (!setup) return answer(400, 'Bad Request', 'The sandbox shop expects a PunchOutSetupRequest.');
  if (setup.operation !== 'create') return answer(400, 'Bad Request', 'The sandbox shop opens create sessions only.');
  const returnUrl = setup.browserFormPostUrl?.trim() ?? '';
  if (!setup.buyerCookie || !/^https?:\/\//i.test(returnUrl)) {
    return answer(400, 'Bad Request', 'A BuyerCookie and a BrowserFormPost URL are required.');
  }
  const token = randomBytes(16).toString('hex');
  await queries.insertShopSession(ctx.db, {
    token,
    buyer_cookie: setup.buyerCookie,
    return_url: returnUrl,
    user_email: setup.userEmail,
    created_at: ctx.now(),
  });
  return answer(200, 'OK', 'Shop session opened', `${ownOrigin}${SANDBOX_SHOP_PATH}/${token}`);
}

export interface ShopView {
  token: string;
  userEmail: string | null;
  cart: SandboxShopCartLine[];
  returnUrl: string;
  /** The PunchOutOrderMessage "Return to Supply Hub" posts, built from the cart as it is now. */
  orderMessageXml: string;
}

export async function readShop(ctx: ServiceContext, token: string): Promise<ShopView | null> {
  const session = await queries.selectShopSession(ctx.db, token);
  if (!session) return null;
  const settings = await selectPunchoutCredentials(ctx.db);
  const { items, total } = shopCartMessageLines(session.cart, `Q-${token.slice(0, 8)}`);
  return {
    token,
    userEmail: session.user_email,
    cart: session.cart,
    returnUrl: session.return_url,
    orderMessageXml: buildPunchOutOrderMessageXml({
      timestamp: ctx.now(),
      // The sandbox stands in for the supplier the settings name.
      fromIdentity: settings?.supplier_identity ?? ctx.config.supplier.identity,
      toIdentity: settings?.identity ?? 'buyer',
      buyerCookie: session.buyer_cookie,
      total,
      currency: 'USD',
      items,
    }),
  };
}

/** Adds to the shop's cart; false when the session is unknown. */
export async function addToShop(
  ctx: ServiceContext,
  token: string,
  partId: string,
  quantity: number,
): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const session = await queries.selectShopSession(trx, token, { forUpdate: true });
    if (!session) return false;
    await queries.updateShopCart(trx, token, addToShopCart(session.cart, partId, quantity));
    return true;
  });
}
