import type { z } from 'zod';

/**
 * One HTTP operation of the API, described once: the route mounts it, the OpenAPI document is
 * generated from it, and in test runs the response body is checked against `responses`.
 * Plain data (no Express), so both frontends may import the types it carries.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call it; mirrors the route's policy (api/src/http/policy.ts) for the document. */
export type EndpointAccess =
  'public' | 'signed-in' | 'approved' | { roles: readonly string[] } | 'supplier-credentials' | 'demo-only';

/** An answer that is not JSON (or no body at all): documented, never parsed by the test-time check. */
export interface OtherResponse {
  contentType?: string;
  description: string;
  schema?: z.ZodType;
  /** Response headers worth documenting, e.g. a redirect's Location. */
  headers?: Record<string, string>;
}

export interface Endpoint {
  method: HttpMethod;
  /** Express path below the host, e.g. '/api/orders/:id'. */
  path: string;
  summary: string;
  description?: string;
  /** A tag per module, e.g. 'Orders', 'Admin: products'. */
  tag: string;
  access: EndpointAccess;
  params?: z.ZodObject;
  query?: z.ZodType;
  /** JSON body unless `requestContentType` says otherwise. */
  body?: z.ZodType;
  requestContentType?: string;
  /**
   * Success answers by status. A JSON schema, or `{ contentType, schema? }` for CSV, XML, images,
   * event streams and redirects, which the test-time check does not parse. Without `contentType`
   * the answer has no body (204, a 302 redirect).
   */
  responses: Partial<Record<number, z.ZodType | OtherResponse>>;
  /** Error statuses this operation answers with the one error body (contracts/errors.ts). */
  errors?: readonly number[];
  /** Request headers the operation reads (e.g. Idempotency-Key), with their schema. */
  headers?: z.ZodObject;
  /** ra-data-simple-rest list: answers a Content-Range header and takes sort/range/filter. */
  isRaList?: boolean;
  /**
   * Query fields that may carry the ASCII group separator (U+001D): in a GS1 element string a
   * scanner types it as FNC1. Every other control character stays refused (http/control-characters.ts).
   */
  queryAllowsGroupSeparator?: readonly string[];
}

/** Identity function that keeps the literal types of a declaration. */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}
