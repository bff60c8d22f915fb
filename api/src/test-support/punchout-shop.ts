import { expect } from '@jest/globals';
import request from 'supertest';

import type { Cart } from '../contracts/cart.js';
import type { useFulfilmentTestbed } from './fulfilment-testbed.js';
import { signedInAgent } from './http-test-app.js';

type Testbed = ReturnType<typeof useFulfilmentTestbed>;
export type Agent = Awaited<ReturnType<typeof signedInAgent>>['agent'];

export function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Shopping at the sandbox supplier's PunchOut shop over HTTP, the way a browser does: a doctor opens
 * a session, fills the shop's cart and the shop's page posts the cart back.
 */
export function punchoutShop(testbed: Testbed) {
  async function setShopUrl(url: string) {
    const { agent } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    const saved = await agent
      .put('/api/admin/settings/punchout')
      .send({
        punchout_url: `${testbed.baseUrl}/sandbox/supplier/cxml`,
        identity: 'SUPPLYHUB-TEST',
        test_mode: true,
        shop_setup_url: url,
      })
      .expect(200);
    expect(saved.body.shop_setup_url).toBe(url || null);
  }

  async function doctor(): Promise<Agent> {
    const { agent } = await signedInAgent(testbed.app, testbed.database.db, ['doctor']);
    await agent
      .put('/api/me/shipping-address')
      .send({ full_name: 'Ward 3', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' })
      .expect(200);
    return agent;
  }

  /** Opens a session, fills the sandbox shop's cart and reads the PunchOutOrderMessage its page would post. */
  async function shopAtSandbox(agent: Agent, basket: [part: string, quantity: number][]) {
    const started = await agent.post('/api/punchout/sessions').expect(201);
    const startPage = started.body.start_page as string;
    expect(startPage).toMatch(new RegExp(`^${testbed.baseUrl}/sandbox/supplier/punchout/shop/[0-9a-f]{32}$`));
    const path = new URL(startPage).pathname;
    for (const [part, quantity] of basket) {
      await request(testbed.app)
        .post(`${path}/cart`)
        .type('form')
        .send({ part, quantity: String(quantity) })
        .expect(303);
    }
    const page = await request(testbed.app).get(path).expect(200);
    expect(page.text).toContain('Return to Supply Hub');
    const action = /<form method="post" action="([^"]+)">\s*<input type="hidden" name="cxml-urlencoded"/.exec(
      page.text,
    )?.[1];
    expect(action).toBe(`${testbed.baseUrl}/api/cxml/punchout/return`);
    const encoded = /name="cxml-urlencoded" value="([^"]*)"/.exec(page.text)?.[1] ?? '';
    return { xml: unescapeHtml(encoded), startPage };
  }

  const postCart = (form: Record<string, string>) =>
    request(testbed.app)
      .post('/api/cxml/punchout/return')
      .set('Origin', 'https://supplier.example')
      .type('form')
      .send(form);

  const cartOf = async (agent: Agent) => (await agent.get('/api/cart').expect(200)).body as Cart;

  return { setShopUrl, doctor, shopAtSandbox, postCart, cartOf };
}
