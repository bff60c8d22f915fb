import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it, jest } from '@jest/globals';

import { buildConfirmationRequestXml } from '../modules/supplier/cxml/cxml-supplier-documents.js';
import { useFulfilmentTestbed } from '../test-support/fulfilment-testbed.js';
import { runTs } from '../test-support/processes.js';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-27T10:00:00Z');
const testbed = useFulfilmentTestbed();
const folder = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-cxml-send-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const env = () => ({
  DATABASE_URL: testbed.database.url,
  NODE_ENV: 'test',
  SETTINGS_ENCRYPTION_KEY: 'a'.repeat(64),
  // The confirmation mails the requester: its links need the portal's address, as the server's do.
  PUBLIC_URL: testbed.baseUrl,
});

function documentFile(name: string, xml: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, xml);
  return file;
}

describe('npm run cli -- cxml:send FILE', () => {
  it('replays a supplier document through the inbound service: applied once, answered like the endpoint', async () => {
    const order = await testbed.sentOrder([2]);
    const xml = buildConfirmationRequestXml(testbed.supplierHeader(NOW), {
      type: 'accept',
      noticeDate: NOW,
      order: { orderId: order.order_number, payloadId: order.payload_id },
    });
    const file = documentFile('confirmation.xml', xml);
    const first = await runTs('cli/main.ts', ['cxml:send', file], env());
    expect([first.code, first.stdout.trim(), first.stderr]).toEqual([0, '200 OK: Confirmation applied', '']);
    const again = await runTs('cli/main.ts', ['cxml:send', file, '--json'], env());
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ code: 200, text: 'OK', message: 'Confirmation applied' });
    expect(await testbed.database.db('supplier_confirmations').where({ order_id: order.id }).count()).toEqual([
      { count: 1 },
    ]);
  });

  it('posts to a running portal with --url, and exits 1 with the refusal for a document that breaks a rule', async () => {
    const order = await testbed.sentOrder([2]);
    const xml = buildConfirmationRequestXml(testbed.supplierHeader(NOW), {
      type: 'detail',
      noticeDate: NOW,
      order: { orderId: order.order_number, payloadId: order.payload_id },
      items: [{ lineNumber: 9, quantity: 2, statuses: [{ type: 'accept', quantity: 2 }] }],
    });
    const result = await runTs(
      'cli/main.ts',
      ['cxml:send', documentFile('wrong-line.xml', xml), '--url', `${testbed.baseUrl}/api/cxml/inbound`],
      env(),
    );
    expect(result.code).toBe(1);
    expect(result.stdout.trim()).toBe(`400 Bad Request: lineNumber 9 is not a line of ${order.order_number}`);
    const missing = await runTs('cli/main.ts', ['cxml:send', path.join(folder, 'nothing.xml')], env());
    expect([missing.code, missing.stderr.trim()]).toEqual([
      1,
      `supply-hub: cxml:send: cannot read ${path.join(folder, 'nothing.xml')}`,
    ]);
  });
});
