import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';

import type { Endpoint, EndpointAccess, OtherResponse } from '../contracts/endpoints/endpoint.js';
import { errorBodySchema } from '../contracts/errors.js';
import { SESSION_COOKIE } from './sessions.js';

export type OpenApiDocument = ReturnType<typeof createDocument>;

const SESSION_COOKIE_SCHEME = 'sessionCookie';

const DESCRIPTION = `The Supply Hub API: the storefront, the back office and integrations speak it.

**Signing in.** \`POST /api/auth/login\` (or single sign-on) sets the session cookie \`${SESSION_COOKIE}\`
(HttpOnly, SameSite=Lax, Secure over HTTPS). Every operation that is not public needs it; without a
valid one the API answers 401 \`NOT_AUTHENTICATED\` (or \`SESSION_EXPIRED\`, \`ACCOUNT_DISABLED\`).

**Cross-site requests.** There is no CSRF token: a request that changes something (any method but
GET, HEAD and OPTIONS) must come from the portal itself. When it carries an \`Origin\` header, that must
be the portal's origin; when it carries \`Sec-Fetch-Site\`, that must be \`same-origin\` or \`none\`.
Otherwise the API answers 403 \`CROSS_SITE_REQUEST\`. Requests with neither header (scripts, curl)
carry no browser's cookies by accident and pass. The SAML assertion consumer is the one exception (an
identity provider's page posts to it); it checks the response's signature instead.

**Errors.** Every error answers the one error body (\`ErrorBody\`): a stable \`code\` to branch on, a
human \`message\`, field \`errors\` for invalid input and the \`requestId\` to quote to support.

**Money** is a decimal string with two places (\`"24.95"\`), never a number.

**Back-office lists** follow ra-data-simple-rest: \`sort\`, \`range\` and \`filter\` query parameters
(JSON) and a \`Content-Range\` header on the answer.`;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Redirect',
  400: 'Invalid input (VALIDATION_FAILED and others)',
  401: 'Not signed in, or the session has expired',
  403: 'Not allowed for this account, or a cross-site request',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Too large',
  415: 'Unsupported content type',
  422: 'Cannot be processed as it stands',
  429: 'Too many requests: wait and try again',
  502: 'An upstream service failed',
  503: 'Not ready',
};

const errorBody = errorBodySchema.meta({ id: 'ErrorBody', description: 'The one error body of every API answer.' });

/** Express's `/orders/:id` as OpenAPI's `/orders/{id}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function isOther(response: z.ZodType | OtherResponse): response is OtherResponse {
  return !(response instanceof z.ZodType);
}

/**
 * The error statuses an operation may answer: its own, plus those that follow from how the API is
 * built, so no declaration can leave one out:
 * - not public: 401 (no session); roles or an approved profile: 403;
 * - a command (not GET) that takes JSON: 400 and 413, since the JSON parser refuses a malformed or
 *   oversized body before any route runs (app.ts), whether or not the route reads one, and 403, since
 *   the cross-site guard refuses a foreign origin;
 * - path parameters or a query: 400 when they do not parse;
 * - demo only: 404 outside demo mode.
 */
export function errorStatusesOf(operation: Endpoint): number[] {
  const implied = new Set<number>(operation.errors ?? []);
  if (operation.access !== 'public' && operation.access !== 'demo-only') implied.add(401);
  if (typeof operation.access === 'object' || operation.access === 'approved') implied.add(403);
  if (operation.access === 'demo-only') implied.add(404);
  const takesJson = (operation.requestContentType ?? 'application/json') === 'application/json';
  if (operation.method !== 'get' && takesJson) {
    implied.add(400);
    implied.add(403);
    implied.add(413);
  }
  if (operation.body || operation.params || operation.query) implied.add(400);
  return [...implied].sort((a, b) => a - b);
}

/** Every status an operation may answer: its declared answers and its error statuses. */
export function declaredStatusesOf(operation: Endpoint): number[] {
  const answers = Object.keys(operation.responses).map(Number);
  return [...new Set([...answers, ...errorStatusesOf(operation)])].sort((a, b) => a - b);
}

function securityOf(access: EndpointAccess) {
  return access === 'public' || access === 'demo-only' || access === 'supplier-credentials'
    ? []
    : [{ [SESSION_COOKIE_SCHEME]: [] }];
}

function describeAccess(access: EndpointAccess): string {
  if (typeof access === 'object') return `Roles: ${access.roles.join(', ')}.`;
  return {
    public: 'Public.',
    'signed-in': 'Any signed-in account.',
    approved: 'Signed in with an approved profile.',
    'supplier-credentials': 'The punchout credentials in the cXML header.',
    'demo-only': 'Demo mode and tests only.',
  }[access];
}

function operationOf(operation: Endpoint): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!response) continue;
    const description = STATUS_TEXT[Number(status)] ?? 'Answer';
    if (!isOther(response)) {
      responses[status] = { description, content: { 'application/json': { schema: response } } };
      continue;
    }
    responses[status] = {
      description: response.description,
      ...(response.contentType
        ? { content: { [response.contentType]: response.schema ? { schema: response.schema } : {} } }
        : {}),
      ...(response.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, text]) => [
                name,
                { description: text, schema: { type: 'string' } },
              ]),
            ),
          }
        : {}),
    };
  }
  if (operation.isRaList) {
    for (const response of Object.values(responses)) {
      response.headers = {
        ...response.headers,
        'Content-Range': { description: 'e.g. `orders 0-24/319`', schema: { type: 'string' } },
      };
    }
  }
  for (const status of errorStatusesOf(operation)) {
    responses[String(status)] ??= {
      description: STATUS_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: errorBody } },
    };
  }
  const query = operation.query instanceof z.ZodObject ? operation.query : undefined;
  return {
    summary: operation.summary,
    description: [operation.description, describeAccess(operation.access)].filter(Boolean).join('\n\n'),
    tags: [operation.tag],
    security: securityOf(operation.access),
    ...(operation.params || query || operation.headers
      ? {
          requestParams: {
            ...(operation.params ? { path: operation.params } : {}),
            ...(query ? { query } : {}),
            ...(operation.headers ? { header: operation.headers } : {}),
          },
        }
      : {}),
    ...(operation.isRaList ? { parameters: RA_LIST_PARAMETERS } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { [operation.requestContentType ?? 'application/json']: { schema: operation.body } },
          },
        }
      : {}),
    responses,
  };
}

const RA_LIST_PARAMETERS = [
  {
    in: 'query' as const,
    name: 'sort',
    description: 'JSON `["field","ASC"|"DESC"]`',
    schema: { type: 'string' as const },
  },
  {
    in: 'query' as const,
    name: 'range',
    description: 'JSON `[first,last]`, both inclusive',
    schema: { type: 'string' as const },
  },
  {
    in: 'query' as const,
    name: 'filter',
    description: 'JSON object of field filters',
    schema: { type: 'string' as const },
  },
];

/** The OpenAPI 3.1 document of every declared operation (GET /api/openapi.json). */
export function buildOpenApiDocument(
  endpoints: readonly Endpoint[],
  { version, serverUrl }: { version: string; serverUrl?: string },
): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of endpoints) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method]: operationOf(operation) };
  }
  // Tags in the order the declarations come (index.ts), not the viewer's alphabetical guess.
  const tags = [...new Set(endpoints.map((operation) => operation.tag))].map((name) => ({ name }));
  return createDocument(
    {
      openapi: '3.1.0',
      tags,
      info: { title: 'Supply Hub API', version, description: DESCRIPTION },
      ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
      components: {
        securitySchemes: {
          [SESSION_COOKIE_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set by signing in (HttpOnly, SameSite=Lax).',
          },
        },
      },
      paths,
    },
    {
      // z.number().int() bounds itself to the safe integers; said in the document, they only clutter the examples.
      override: ({ jsonSchema }) => {
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    },
  );
}
