import { afterAll, describe, expect, it } from '@jest/globals';

import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

describe('the caller’s own address, default ship-to and profile', () => {
  it('validates and saves the shipping address, defaulting the country to US', async () => {
    const { agent, user } = await signedInAgent(app, db, ['provider'], { hasShippingAddress: false });
    expect((await agent.get('/api/me/shipping-address').expect(200)).body).toEqual({ address: null });
    const invalid = await agent
      .put('/api/me/shipping-address')
      .send({ full_name: 'A', street_line1: '1 Main', city: 'Boston', state: 'Mass', postal_code: '02118' })
      .expect(400);
    expect(invalid.body.errors).toEqual({ state: 'State must be 2 letters' });
    const unknownState = await agent
      .put('/api/me/shipping-address')
      .send({ full_name: 'A', street_line1: '1 Main', city: 'Boston', state: 'ZZ', postal_code: '02118' })
      .expect(400);
    expect(unknownState.body.errors).toEqual({ state: 'Choose a US state' });
    const missing = await agent
      .put('/api/me/shipping-address')
      .send({ full_name: '', street_line1: '1 Main', city: 'Boston', state: 'MA', postal_code: '02118' })
      .expect(400);
    expect(missing.body.errors).toEqual({ full_name: 'Full name is required' });
    const saved = await agent
      .put('/api/me/shipping-address')
      .send({ full_name: 'Dr. A', street_line1: '1 Main', city: 'Boston', state: 'ma', postal_code: '02118' })
      .expect(200);
    expect(saved.body.address).toMatchObject({ state: 'MA', country: 'US', street_line2: null });
    expect(await db('shipping_addresses').where({ user_id: user.id }).first('city')).toEqual({ city: 'Boston' });
  });

  it('saves the default ship-to and shows the profile', async () => {
    const { agent } = await signedInAgent(app, db, ['nurse']);
    expect(
      (await agent.put('/api/me/default-ship-to').send({ default_ship_to: 'Ward 4, Bay 2' }).expect(200)).body,
    ).toEqual({ default_ship_to: 'Ward 4, Bay 2' });
    const profile = (await agent.get('/api/me/profile').expect(200)).body;
    expect(profile).toMatchObject({
      default_ship_to: 'Ward 4, Bay 2',
      effective_role: 'nurse',
      onboarding_approved: true,
    });
  });
});
