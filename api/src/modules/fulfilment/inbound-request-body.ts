import type { Request } from 'express';

import type { InboundBody } from './cxml-inbound/inbound-body.js';
import { InboundRefusal } from './cxml-inbound/inbound-document.types.js';
import { HEADER_SCAN_BYTES } from './cxml-inbound/inbound-header-scan.js';

const SENDER_END = Buffer.from('</Sender');
const UTF8 = /^(?:utf-?8|us-ascii)$/i;

/**
 * Reads a request's body on demand: head() resolves as soon as the Sender element has arrived (or
 * 64 KB, or the end), within `headTimeoutMs` (else 408), whole() once it has all arrived. Bytes past `limit` are refused 413 as they
 * come, a declared length past it before any is read. cXML travels as UTF-8, uncompressed: another
 * charset or a Content-Encoding is refused 415 before anything is read.
 */
export function streamedRequestBody(req: Request, limit: number, headTimeoutMs: number): InboundBody {
  const refusal = refusalBeforeReading(req, limit);
  const chunks: Buffer[] = [];
  let size = 0;
  let isEnded = false;
  let isWholeWanted = false;
  let failure: InboundRefusal | undefined = refusal;
  const waiting = new Set<() => void>();
  const wake = () => waiting.forEach((resolve) => resolve());
  const hasHead = () => size >= HEADER_SCAN_BYTES || Buffer.concat(chunks).includes(SENDER_END);
  if (!refusal) {
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) failure ??= tooLarge(limit);
      else chunks.push(chunk);
      // Until the sender is known, nothing past the head is taken from the socket.
      if (failure || (!isWholeWanted && hasHead())) req.pause();
      wake();
    });
    req.on('end', () => {
      isEnded = true;
      wake();
    });
    req.on('error', () => {
      failure ??= new InboundRefusal(400, 'Bad Request', 'The body could not be read');
      wake();
    });
    req.on('aborted', () => {
      failure ??= new InboundRefusal(400, 'Bad Request', 'The body ended before its declared length');
      wake();
    });
  }

  const until = async (isEnough: () => boolean): Promise<void> => {
    while (!failure && !isEnded && !isEnough()) {
      await new Promise<void>((resolve) => {
        waiting.add(resolve);
        req.resume();
      }).finally(() => waiting.clear());
    }
    if (failure) throw failure;
  };
  const text = () => Buffer.concat(chunks).toString('utf8');
  // A sender that trickles its head would hold whoever waits on it: it gets a deadline.
  const headDeadline = setTimeout(() => {
    failure ??= new InboundRefusal(
      408,
      'Request Timeout',
      `The document's Header did not arrive within ${headTimeoutMs / 1000} seconds`,
    );
    wake();
  }, headTimeoutMs);
  headDeadline.unref();
  return {
    head: async () => {
      await until(hasHead).finally(() => clearTimeout(headDeadline));
      return text().slice(0, HEADER_SCAN_BYTES);
    },
    whole: async () => {
      isWholeWanted = true;
      await until(() => false);
      return text();
    },
  };
}

function refusalBeforeReading(req: Request, limit: number): InboundRefusal | undefined {
  const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') {
    return new InboundRefusal(
      415,
      'Unsupported Media Type',
      'Send the document uncompressed, without Content-Encoding',
    );
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.get('content-type') ?? '')?.[1];
  if (charset && !UTF8.test(charset)) {
    return new InboundRefusal(415, 'Unsupported Media Type', 'Send the document in UTF-8');
  }
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return tooLarge(limit);
  return undefined;
}

const tooLarge = (limit: number) =>
  new InboundRefusal(413, 'Request Entity Too Large', `A cXML document is at most ${limit} bytes`);
