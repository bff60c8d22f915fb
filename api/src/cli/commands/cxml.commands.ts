import { readFileSync, statSync } from 'node:fs';

import type { Command } from 'commander';

import { parseCxmlResponse } from '../../modules/supplier/cxml/cxml-response.js';
import {
  MAX_INBOUND_BYTES,
  receiveInboundDocument,
  type InboundAnswer,
} from '../../modules/fulfilment/inbound.service.js';
import { createThrottles } from '../../modules/throttles/throttles.js';
import { CliInputError, createOutput, withServiceContext } from '../cli-runtime.js';

/**
 * `npm run cli -- cxml:send FILE`: replays a supplier's document (a confirmation, ship notice or
 * status update an operator had to fix by hand) through the same service as POST /api/cxml/inbound,
 * or, with --url, to a running portal's endpoint. Exit 0 only when the document was applied.
 */
export function registerCxmlCommands(program: Command): void {
  program
    .command('cxml:send')
    .description(
      'Send a supplier cXML document (ConfirmationRequest, ShipNoticeRequest, StatusUpdateRequest) to the portal',
    )
    .argument('<file>', 'the cXML document')
    .option('--url <url>', 'post it to this inbound endpoint (e.g. https://portal.example/api/cxml/inbound) instead')
    .option('--json', 'machine-readable output')
    .action(async (file: string, options: { url?: string; json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      const xml = readDocument(file);
      const answer = options.url
        ? await postDocument(options.url, xml)
        : await withServiceContext((ctx) =>
            receiveInboundDocument(ctx, createThrottles(ctx.db, ctx.config), xml, {
              sourceAddress: '127.0.0.1',
              contentType: 'text/xml',
            }),
          );
      output.result(answer, () => `${answer.code} ${answer.text}: ${answer.message}`);
      if (answer.code !== 200) process.exitCode = 1;
    });
}

function readDocument(file: string): string {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new CliInputError(`cxml:send: cannot read ${file}`);
  }
  if (size > MAX_INBOUND_BYTES) throw new CliInputError(`cxml:send: ${file} is larger than ${MAX_INBOUND_BYTES} bytes`);
  return readFileSync(file, 'utf8');
}

async function postDocument(url: string, xml: string): Promise<InboundAnswer> {
  if (!/^https?:\/\//i.test(url)) throw new CliInputError('cxml:send: --url must start with http:// or https://');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8' },
      body: xml,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new CliInputError(
      `cxml:send: ${url} did not answer (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const body = await response.text();
  try {
    const status = parseCxmlResponse(body);
    return { code: status.statusCode, text: status.statusText, message: status.message ?? '' };
  } catch {
    return { code: response.status, text: response.statusText, message: 'the answer was not a cXML Response' };
  }
}
