import { describe, expect, it } from '@jest/globals';

import { signedInAgent } from '../../test-support/http-test-app.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { testConfig } from '../../test-support/test-context.js';

describe('the supplier identity an order was sent to', () => {
  const testbed = useFulfilmentTestbed();

  it('is kept on the order when the supplier accepts it, and the scorecard counts the order under it', async () => {
    const first = await testbed.sentOrder([2]);
    const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    await admin
      .put('/api/admin/settings/punchout')
      .send({
        punchout_url: `${testbed.baseUrl}/sandbox/supplier/cxml`,
        identity: 'SUPPLYHUB-TEST',
        test_mode: true,
        supplier_identity: 'ACME-MEDICAL',
      })
      .expect(200);
    const second = await testbed.sentOrder([3]);

    const stamped = await testbed.database.db('orders').whereIn('id', [first.id, second.id]).pluck('supplier_identity');
    expect(stamped.sort()).toEqual(['ACME-MEDICAL', testConfig().supplier.identity].sort());

    // Yesterday to tomorrow (UTC) holds today in the company's timezone whatever the hour.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const scorecard = await admin.get('/api/reports/suppliers').query({ from: yesterday, to: tomorrow }).expect(200);
    const rows = scorecard.body.data.rows as { supplier_identity: string; orders_sent: number }[];
    expect(rows.map(({ supplier_identity, orders_sent }) => [supplier_identity, orders_sent]).sort()).toEqual(
      [
        ['ACME-MEDICAL', 1],
        [testConfig().supplier.identity, 1],
      ].sort(),
    );
  });
});
