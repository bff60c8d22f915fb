import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';

export const SUPPLIER_CONNECT_TIMEOUT_MS = 5_000;
export const SUPPLIER_TOTAL_TIMEOUT_MS = 30_000;
const MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * Connections to the supplier are kept open between orders (no TCP or TLS handshake per approval).
 * An idle one is closed after 4 s, before the usual 5 s server keep-alive timeout, so a reused
 * connection is rarely one the supplier is closing at that moment. When it is, the attempt fails
 * as a reset (retryable) and is never resent by itself: a reset cannot tell "not read" from
 * "read, then dropped", and the admin's retry resends the same payloadID anyway.
 */
const AGENT_OPTIONS = { keepAlive: true, timeout: 4_000, maxSockets: 64, maxFreeSockets: 16 } as const;
const agents = { 'http:': new http.Agent(AGENT_OPTIONS), 'https:': new https.Agent(AGENT_OPTIONS) };

export type TransportFailure = 'not_allowed' | 'connect_timeout' | 'timeout' | 'connection' | 'too_large';

export class SupplierTransportError extends Error {
  constructor(
    readonly kind: TransportFailure,
    message: string,
    readonly latencyMs: number,
  ) {
    super(message);
  }
}

export interface SupplierHttpResponse {
  httpStatus: number;
  body: string;
  latencyMs: number;
  location: string | null;
  /** The answer's headers, names in lower case, repeated ones joined with ', '. */
  headers: Record<string, string>;
}

/** host:port of a URL, with the scheme's default port: what the allowlist names. */
export function hostAndPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

interface PostOptions {
  allowedHosts: readonly string[];
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
}

/**
 * POSTs a cXML document to the supplier: only to an allowlisted host:port, TLS verified, no
 * redirect followed (a 3xx is an answer like any other), 5 s to connect and 30 s in all.
 */
export function postCxml(target: string, body: string, options: PostOptions): Promise<SupplierHttpResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const totalTimeoutMs = options.totalTimeoutMs ?? SUPPLIER_TOTAL_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new SupplierTransportError('not_allowed', 'The punchout URL is not a valid URL', 0));
  }
  if (!['http:', 'https:'].includes(url.protocol) || !options.allowedHosts.includes(hostAndPort(url))) {
    return Promise.reject(
      new SupplierTransportError(
        'not_allowed',
        `The punchout URL is not allowed: ${hostAndPort(url)} is not in SUPPLIER_ALLOWED_HOSTS`,
        0,
      ),
    );
  }
  const isHttps = url.protocol === 'https:';
  const transport = isHttps ? https : http;
  return new Promise((resolve, reject) => {
    let isDone = false;
    const fail = (kind: TransportFailure, message: string) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(totalTimer);
      request.destroy();
      reject(new SupplierTransportError(kind, message, elapsed()));
    };
    const request = transport.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/xml; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        Accept: 'text/xml',
      },
      agent: agents[isHttps ? 'https:' : 'http:'],
      rejectUnauthorized: true,
    });
    const totalTimer = setTimeout(() => fail('timeout', `No answer within ${totalTimeoutMs / 1000} s`), totalTimeoutMs);
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connectTimer = setTimeout(
        () =>
          fail(
            'connect_timeout',
            `Could not connect within ${(options.connectTimeoutMs ?? SUPPLIER_CONNECT_TIMEOUT_MS) / 1000} s`,
          ),
        options.connectTimeoutMs ?? SUPPLIER_CONNECT_TIMEOUT_MS,
      );
      // For TLS, connected means the handshake is done too.
      socket.once(isHttps ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      socket.once('close', () => clearTimeout(connectTimer));
    });
    request.on('error', (error: NodeJS.ErrnoException) => fail('connection', error.code ?? error.message));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) fail('too_large', 'The answer is larger than 1 MB');
        else chunks.push(chunk);
      });
      response.on('end', () => {
        if (isDone) return;
        isDone = true;
        clearTimeout(totalTimer);
        resolve({
          httpStatus: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          latencyMs: elapsed(),
          location: typeof response.headers.location === 'string' ? response.headers.location : null,
          headers: Object.fromEntries(
            Object.entries(response.headers).map(([name, value]) => [
              name,
              Array.isArray(value) ? value.join(', ') : (value ?? ''),
            ]),
          ),
        });
      });
      response.on('error', () => fail('connection', 'The connection was reset while reading the answer'));
    });
    request.end(body);
  });
}
