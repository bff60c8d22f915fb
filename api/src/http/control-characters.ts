import type { RequestHandler } from 'express';

import { allEndpoints } from '../contracts/endpoints/index.js';
import { AppError } from './app-error.js';

/**
 * C0 controls other than tab, line feed and carriage return, DEL, and C1 controls. PostgreSQL
 * cannot store U+0000 at all (22021 in text, 22P05 in jsonb), and the others have no place in a
 * name, an ASIN or a search; tabs and line breaks stay allowed for multi-line text such as notes,
 * descriptions and rejection reasons (single-line fields trim them through their schemas).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// In a GS1 element string the group separator (U+001D) is FNC1, the delimiter after a
// variable-length element: the one control character a field may carry, where its endpoint says so.
// eslint-disable-next-line no-control-regex -- the same class without U+001D
const CONTROL_CHARACTER_BUT_GS = /[\u0000-\u0008\u000B\u000C\u000E-\u001C\u001E\u001F\u007F-\u009F]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Text may not contain control characters';
/** Deep enough for every body the API takes; a deeper one is looked at no further than this. */
const MAX_DEPTH = 20;

/** The dotted path of the first string (or key) holding a control character, or undefined. */
export function findControlCharacter(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (CONTROL_CHARACTER.test(key)) return path || 'body';
    const found = findControlCharacter(child, childPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // A malformed escape is Express's to refuse when it decodes the parameters.
  }
}

/**
 * Applied once, after the JSON body is parsed and before any route: a control character in the
 * path, the query string or the JSON body answers 400 CONTROL_CHARACTERS on every route, naming
 * the field (the group separator excepted where an endpoint's declaration allows it). Bodies parsed later by a route's own parser (SAML form posts, image uploads) are
 * read by that route's schema.
 */
export const refuseControlCharacters: RequestHandler = (req, _res, next) => {
  const field = CONTROL_CHARACTER.test(decodedPath(req.path))
    ? 'path'
    : (findControlCharacter(queryToCheck(req.method, req.path, req.query)) ??
      findControlCharacter(req.body as unknown));
  if (field) {
    next(
      AppError.badRequest('CONTROL_CHARACTERS', CONTROL_CHARACTERS_MESSAGE, { [field]: CONTROL_CHARACTERS_MESSAGE }),
    );
    return;
  }
  next();
};

/**
 * The endpoints whose declaration lets query fields carry the group separator, as matchers of
 * the path below /api (where this middleware runs) — read once from the contracts.
 */
const GROUP_SEPARATOR_FIELDS = allEndpoints.flatMap((endpoint) => {
  if (!endpoint.queryAllowsGroupSeparator?.length || !endpoint.path.startsWith('/api/')) return [];
  const pattern = endpoint.path
    .slice('/api'.length)
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return [
    {
      method: endpoint.method.toUpperCase(),
      path: new RegExp(`^${pattern}$`),
      fields: endpoint.queryAllowsGroupSeparator,
    },
  ];
});

/** The query as checked: a field its endpoint allows the group separator in is checked without it. */
function queryToCheck(method: string, path: string, query: unknown): unknown {
  if (query === null || typeof query !== 'object') return query;
  const allowance = GROUP_SEPARATOR_FIELDS.find((entry) => entry.method === method && entry.path.test(path));
  if (!allowance) return query;
  const checked = { ...(query as Record<string, unknown>) };
  for (const field of allowance.fields) {
    const value = checked[field];
    if (typeof value === 'string' && !CONTROL_CHARACTER_BUT_GS.test(value)) delete checked[field];
  }
  return checked;
}
