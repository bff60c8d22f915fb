import http from 'node:http';
import { randomBytes } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';

import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { buildStatusUpdateRequestXml } from '../supplier/cxml/cxml-supplier-documents.js';
import { MAX_INBOUND_ELEMENTS } from './cxml-inbound/inbound-reading.js';

const NOW = new Date('2026-11-27T10:00:00Z');
// Each address's own limit, unscaled: 10 refused documents in 15 minutes.
const testbed = useFulfilmentTestbed({ env: { RATE_LIMIT_ADDRESS_FACTOR: '1' } });

const someAddress = () => `10.${randomBytes(3).join('.')}`;
const statusOf = (xml: string) => Number(/<Status code="(\d+)"/.exec(xml)?.[1]);

async function statusUpdate(sharedSecret?: string) {
  const order = await testbed.sentOrder([1]);
  return (secret = sharedSecret) =>
    buildStatusUpdateRequestXml(testbed.supplierHeader(NOW, secret ? { sharedSecret: secret } : {}), {
      orderPayloadId: order.payload_id,
      code: 200,
      text: 'OK',
    });
}

describe('POST /api/cxml/inbound: the gate in front of the reader', () => {
  it('compares at most 10 secrets of a burst of 50 from a new source, and refuses the right one that comes last', async () => {
    const documentWith = await statusUpdate();
    const address = someAddress();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        testbed
          .postDocument(index === 49 ? documentWith() : documentWith(`guess-${index}`))
          .set('X-Forwarded-For', address),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 200)).toEqual([]);
    expect(statuses[49]).toBe(429);
  });

  it('answers a paused source 429 before reading its body, and closes the connection', async () => {
    const documentWith = await statusUpdate();
    const address = someAddress();
    for (let attempt = 0; attempt < 11; attempt += 1) {
      await testbed.postDocument(documentWith(`guess-${attempt}`)).set('X-Forwarded-For', address);
    }
    // Headers announce a megabyte; only a few bytes follow, and the rest never comes.
    const port = Number(new URL(testbed.baseUrl).port);
    const answered = await new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        const pending = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/cxml/inbound',
            headers: { 'Content-Type': 'text/xml', 'Content-Length': 1_000_000, 'X-Forwarded-For': address },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
            );
          },
        );
        pending.on('error', reject);
        pending.write('<?xml version="1.0"?><cXML');
      },
    );
    expect(answered.status).toBe(429);
    expect(answered.connection).toBe('close');
    expect(statusOf(answered.body)).toBe(429);
    expect(answered.body).toMatch(/Too many refused documents from this address\. Try again in 5 minute\(s\)\./);
  });

  it('checks the sender before parsing: a stranger’s document of 60 000 elements is refused 401 unread', async () => {
    const documentWith = await statusUpdate();
    const junk = documentWith('wrong').replace('</cXML>', `${'<x/>'.repeat(60_000)}</cXML>`);
    const started = Date.now();
    const response = await testbed.postDocument(junk).set('X-Forwarded-For', someAddress());
    expect(response.status).toBe(401);
    expect(statusOf(response.text)).toBe(401);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it(`refuses a known sender’s document of more than ${MAX_INBOUND_ELEMENTS} elements with 400, nothing applied`, async () => {
    const documentWith = await statusUpdate();
    const big = documentWith().replace('</cXML>', `${'<x/>'.repeat(MAX_INBOUND_ELEMENTS)}</cXML>`);
    const response = await testbed.postDocument(big).set('X-Forwarded-For', someAddress());
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/holds at most 10,000 elements/);
  });

  it('refuses a document whose real Sender differs from a Sender-looking text at its head', async () => {
    const documentWith = await statusUpdate();
    const right = documentWith();
    const rightSender = /<Sender>[\s\S]*?<\/Sender>/.exec(right)![0];
    const forged = documentWith('wrong-secret').replace('<cXML ', `<!-- ${rightSender} --><cXML `);
    const response = await testbed.postDocument(forged).set('X-Forwarded-For', someAddress());
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/Sender credential is not the one the document begins with/);
  });

  it('refuses a body with no Sender in its first 64 KB as unreadable, counting it against its source', async () => {
    const address = someAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await testbed.postDocument('plain words').set('X-Forwarded-For', address)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
