import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';

import type { Endpoint, HttpMethod } from '../contracts/endpoints/endpoint.js';
import { errorBodySchema } from '../contracts/errors.js';
import type { Logger } from '../logger.js';

export const RESPONSE_CONTRACT_VIOLATION = 'RESPONSE_CONTRACT_VIOLATION';

/** Finds the declaration of a request: by the matched route when there is one, else by the URL. */
export function endpointFinder(endpoints: Iterable<Endpoint>) {
  const byKey = new Map<string, Endpoint>();
  for (const operation of endpoints) byKey.set(`${operation.method} ${operation.path}`, operation);
  const matchers = [...byKey.values()].map((operation) => ({ operation, pattern: patternOf(operation.path) }));
  return (req: Request): Endpoint | undefined => {
    const method = (req.method === 'HEAD' ? 'get' : req.method.toLowerCase()) as HttpMethod;
    const routePath = (req.route as { path?: unknown } | undefined)?.path;
    if (typeof routePath === 'string') {
      const exact = byKey.get(`${method} ${req.baseUrl}${routePath}`);
      if (exact) return exact;
    }
    // An error answered by the app's error handler: the router has already restored req.baseUrl.
    const path = req.originalUrl.split('?')[0] ?? '';
    const candidates = matchers.filter((entry) => entry.operation.method === method && entry.pattern.test(path));
    const sameRoute =
      typeof routePath === 'string' ? candidates.filter((entry) => entry.operation.path.endsWith(routePath)) : [];
    const chosen = sameRoute.length > 0 ? sameRoute : candidates;
    return chosen.length === 1 ? chosen[0]?.operation : undefined;
  };
}

function patternOf(expressPath: string): RegExp {
  const source = expressPath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** The schema an answer must match: the declared one for its status, else the one error body for an error. */
function schemaFor(operation: Endpoint, status: number): z.ZodType | 'undeclared' | 'not-json' {
  const declared = operation.responses[status];
  if (!declared) return status >= 400 ? errorBodySchema : 'undeclared';
  return declared instanceof z.ZodType ? declared : 'not-json';
}

/**
 * Test runs only (app.ts mounts it when NODE_ENV=test): every JSON answer of a declared operation
 * is checked against its declaration. A mismatch is logged with zod's issues and answered as 500
 * RESPONSE_CONTRACT_VIOLATION instead, so whichever test touched the route fails. Operations not
 * declared yet pass unchecked.
 */
export function responseContract(endpoints: Iterable<Endpoint>, log: Logger): RequestHandler {
  const find = endpointFinder(endpoints);
  return (req, res, next) => {
    const send = res.send.bind(res) as Response['send'];
    res.send = function checkedSend(body?: unknown) {
      const isText = typeof body === 'string' || Buffer.isBuffer(body);
      const isJson = String(res.getHeader('Content-Type') ?? '').startsWith('application/json');
      const operation = isText && isJson ? find(req) : undefined;
      if (!operation) return send(body);
      const status = res.statusCode;
      const violation = violationOf(operation, status, String(body));
      if (!violation) return send(body);
      const name = `${operation.method.toUpperCase()} ${operation.path}`;
      log.error({ operation: name, status, violation }, 'response does not match its contract');
      res.status(500).type('application/json');
      return send(
        JSON.stringify({
          code: RESPONSE_CONTRACT_VIOLATION,
          message: `The ${status} answer of ${name} does not match its declaration: ${violation}`,
          requestId: String(req.id ?? ''),
        }),
      );
    };
    next();
  };
}

function violationOf(operation: Endpoint, status: number, text: string): string | undefined {
  const schema = schemaFor(operation, status);
  if (schema === 'not-json') return undefined;
  if (schema === 'undeclared') return `status ${status} is not declared`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'the body is not JSON';
  }
  const result = schema.safeParse(body);
  return result.success ? undefined : z.prettifyError(result.error).replace(/\n/g, '; ');
}
