import { describe, expect, it } from '@jest/globals';

import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { buildStatusUpdateRequestXml } from '../supplier/cxml/cxml-supplier-documents.js';

const NOW = new Date('2026-11-27T10:00:00Z');
// Each address's own limit, unscaled: 10 refused documents in 15 minutes.
const testbed = useFulfilmentTestbed({ env: { RATE_LIMIT_ADDRESS_FACTOR: '1' } });

describe('POST /api/cxml/inbound: wrong shared secrets are throttled per source', () => {
  it('pauses a source after 10 refused documents, in cXML; other sources and right secrets elsewhere go on', async () => {
    const order = await testbed.sentOrder([1]);
    const documentWith = (sharedSecret?: string) =>
      buildStatusUpdateRequestXml(testbed.supplierHeader(NOW, sharedSecret ? { sharedSecret } : {}), {
        orderPayloadId: order.payload_id,
        code: 200,
        text: 'OK',
      });
    const from = (address: string, xml: string) => testbed.postDocument(xml).set('X-Forwarded-For', address);
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      guesses.push((await from('203.0.113.7', documentWith(`guess-${attempt}`))).status);
    }
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    const paused = await from('203.0.113.7', documentWith());
    expect(paused.status).toBe(429);
    expect(paused.text).toMatch(
      /<Status code="429" text="Too Many Requests"[^>]*>Too many refused documents from this address\. Try again in 5 minute\(s\)\.<\/Status>/,
    );
    expect(guesses[10]).toBe(429);
    expect((await from('198.51.100.20', documentWith())).status).toBe(200);
  });

  it('gives a right secret back its attempt, so a source that failed a few times keeps its full allowance', async () => {
    const order = await testbed.sentOrder([1]);
    const from = (xml: string) => testbed.postDocument(xml).set('X-Forwarded-For', '192.0.2.44');
    const document = (sharedSecret?: string) =>
      buildStatusUpdateRequestXml(testbed.supplierHeader(NOW, sharedSecret ? { sharedSecret } : {}), {
        orderPayloadId: order.payload_id,
        code: 200,
        text: 'OK',
      });
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await from(document('wrong'))).status).toBe(401);
      for (let attempt = 0; attempt < 20; attempt += 1) expect((await from(document())).status).toBe(200);
    }
  });
});
