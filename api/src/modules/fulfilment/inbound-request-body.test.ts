import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';

import { InboundRefusal } from './cxml-inbound/inbound-document.types.js';
import { streamedRequestBody } from './inbound-request-body.js';

/** A server whose one route reads the head, and the whole body when ?whole is asked, and says what it got. */
const app = express();
app.post('/', async (req, res) => {
  const body = streamedRequestBody(req, 1000, 300);
  try {
    const head = await body.head();
    const whole = 'whole' in req.query ? await body.whole() : null;
    res.setHeader('Connection', 'close');
    res.json({ head, whole, isComplete: req.complete });
  } catch (error) {
    if (!(error instanceof InboundRefusal)) throw error;
    res.setHeader('Connection', 'close');
    res.status(error.code).json({ message: error.message });
  }
});
let server: http.Server;
let port: number;
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Posts `parts` (the last one only after `pauseMs`, or never when null) and resolves with the answer. */
function post(path: string, parts: string[], headers: Record<string, string | number>, pauseMs: number | null) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    request.on('error', reject);
    for (const part of parts.slice(0, -1)) request.write(part);
    if (pauseMs !== null) setTimeout(() => request.end(parts.at(-1)), pauseMs);
  });
}

const SENDER = '<cXML><Header><Sender><Credential><Identity>A</Identity></Credential></Sender></Header>';

describe('streamedRequestBody', () => {
  it('gives the head as soon as the Sender has arrived, before the rest is sent', async () => {
    const rest = '<Request/></cXML>';
    const answer = await post('/', [SENDER, rest], { 'Content-Length': SENDER.length + rest.length }, 2000);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ isComplete: false });
    expect(answer.body.head).toContain('</Sender>');
  });

  it('gives the whole body once asked for it', async () => {
    const rest = '<Request/></cXML>';
    const answer = await post('/?whole', [SENDER, rest], { 'Content-Length': SENDER.length + rest.length }, 50);
    expect(answer.body).toMatchObject({ whole: `${SENDER}${rest}`, isComplete: true });
  });

  it('answers 408 when the head does not arrive in time', async () => {
    const answer = await post('/', ['<cXML><Hea', 'der/>'], { 'Content-Length': 15 }, null);
    expect(answer).toEqual({
      status: 408,
      body: { message: "The document's Header did not arrive within 0.3 seconds" },
    });
  });

  it('answers 413 for a declared length past the limit before reading, and for bytes past it', async () => {
    expect((await post('/', ['x'.repeat(5000)], { 'Content-Length': 5000 }, 0)).status).toBe(413);
    const chunked = await post('/?whole', [SENDER, 'y'.repeat(2000)], { 'Transfer-Encoding': 'chunked' }, 10);
    expect(chunked.status).toBe(413);
  });

  it('answers 415 for a compressed body or another charset than UTF-8', async () => {
    expect((await post('/', [SENDER], { 'Content-Encoding': 'gzip', 'Content-Length': SENDER.length }, 0)).status).toBe(
      415,
    );
    const latin = await post(
      '/',
      [SENDER],
      { 'Content-Type': 'text/xml; charset=iso-8859-1', 'Content-Length': SENDER.length },
      0,
    );
    expect(latin).toEqual({ status: 415, body: { message: 'Send the document in UTF-8' } });
  });
});
