import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { freePort } from '../../test-support/processes.js';
import { parseCxmlResponse } from './cxml/cxml-response.js';
import { CxmlParseError } from './cxml/cxml.types.js';
import { classifySubmission } from './submission-outcome.rules.js';
import { postCxml, SupplierTransportError } from './supplier-http.js';

const BILLION_LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>' +
  '<cXML><Response><Status code="200" text="&b;"/></Response></cXML>';

/** A misbehaving supplier: each path is one fault (redirect, HTML, empty, entities, reset, huge, hang). */
describe('postCxml against a hostile supplier', () => {
  let server: Server;
  let base = '';
  let allowedHosts: string[] = [];
  const connections: unknown[] = [];
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      req.resume();
      req.on('end', () => {
        if (req.url === '/redirect') res.writeHead(302, { Location: 'http://169.254.169.254/latest' }).end();
        else if (req.url === '/html')
          res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>Bad Gateway</html>');
        else if (req.url === '/empty') res.writeHead(200).end();
        else if (req.url === '/entities') res.writeHead(200, { 'Content-Type': 'text/xml' }).end(BILLION_LAUGHS);
        else if (req.url === '/reset') req.socket.destroy();
        else if (req.url === '/huge') res.writeHead(200).end('x'.repeat(1024 * 1024 + 10));
        else if (req.url === '/hang') return;
        else res.writeHead(200, { 'Content-Type': 'text/xml', 'X-Supplier': 'test' }).end('<ok/>');
      });
    });
    server.on('connection', (socket) => connections.push(socket));
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
    allowedHosts = [`127.0.0.1:${port}`];
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (path: string, totalTimeoutMs = 3_000) =>
    postCxml(`${base}${path}`, '<cXML/>', { allowedHosts, totalTimeoutMs });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof SupplierTransportError ? error.kind : error),
    );

  it('does not follow a 302 to another host: the redirect is the answer, refused', async () => {
    const answer = await post('/redirect');
    expect(answer).toMatchObject({ httpStatus: 302, location: 'http://169.254.169.254/latest' });
    expect(classifySubmission({ httpStatus: 302, cxml: null, transportError: null }).kind).toBe('refused');
    expect(hits.filter((hit) => hit !== '/redirect')).toEqual([]);
  });

  it('reads an HTML error page and an empty body as answers that are not cXML (retryable)', async () => {
    for (const path of ['/html', '/empty']) {
      const answer = await post(path);
      expect(() => parseCxmlResponse(answer.body)).toThrow(CxmlParseError);
      expect(classifySubmission({ httpStatus: answer.httpStatus, cxml: null, transportError: null }).kind).toBe(
        'retryable',
      );
    }
  });

  it('refuses an answer declaring entities without expanding them', async () => {
    const answer = await post('/entities');
    expect(() => parseCxmlResponse(answer.body)).toThrow('entity declarations are not accepted');
  });

  it('fails a reset, a hang past the total timeout and an oversized answer, each with its kind', async () => {
    expect(await failureOf(post('/reset'))).toBe('connection');
    expect(await failureOf(post('/hang', 300))).toBe('timeout');
    expect(await failureOf(post('/huge'))).toBe('too_large');
  });

  it('refuses a host:port outside the allowlist without connecting, and reports a supplier that is down', async () => {
    const before = connections.length;
    const refused = postCxml('http://127.0.0.2:80/cxml', '<cXML/>', { allowedHosts });
    await expect(refused).rejects.toThrow(
      'The punchout URL is not allowed: 127.0.0.2:80 is not in SUPPLIER_ALLOWED_HOSTS',
    );
    await expect(postCxml('file:///etc/passwd', '', { allowedHosts })).rejects.toMatchObject({ kind: 'not_allowed' });
    expect(connections.length).toBe(before);
    const downPort = await freePort();
    const down = postCxml(`http://127.0.0.1:${downPort}/cxml`, '<cXML/>', { allowedHosts: [`127.0.0.1:${downPort}`] });
    expect(await failureOf(down)).toBe('connection');
  });

  it('keeps the connection open between orders and hands back the answer headers', async () => {
    await post('/ok');
    const before = connections.length;
    const answers = [await post('/ok'), await post('/ok')];
    expect(connections.length).toBe(before);
    expect(answers[1]?.headers['x-supplier']).toBe('test');
  });
});
