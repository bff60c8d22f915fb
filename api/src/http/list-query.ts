import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';

import { AppError } from './app-error.js';
import { LIST_MAX_IDS, LIST_MAX_PAGE } from '../contracts/admin-list.js';
import { CONTROL_CHARACTERS_MESSAGE, findControlCharacter } from './control-characters.js';

/**
 * The query of ra-data-simple-rest: sort=["field","ASC"], range=[start,end] (inclusive),
 * filter={"field":value}. Sort and filter fields are checked against allowlists: anything else
 * is a 400, never a column name reaching SQL.
 */
export interface ListQuery<SortField extends string, Filter> {
  sort: { field: SortField; order: 'asc' | 'desc' };
  range: { offset: number; limit: number };
  filter: Filter;
}

// The limits and the id filter are part of the contract (contracts/admin-list.ts).
export { LIST_MAX_IDS, LIST_MAX_PAGE, idFilter } from '../contracts/admin-list.js';

function parseJsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw AppError.badRequest('INVALID_LIST_QUERY', `The ${name} parameter must be JSON`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw AppError.badRequest('INVALID_LIST_QUERY', `The ${name} parameter must be JSON`);
  }
  // "\u0000" in the JSON text becomes a control character only now, past the request-wide guard.
  const field = findControlCharacter(parsed, name);
  if (field) {
    throw AppError.badRequest('CONTROL_CHARACTERS', CONTROL_CHARACTERS_MESSAGE, {
      [field]: CONTROL_CHARACTERS_MESSAGE,
    });
  }
  return parsed;
}

export function parseListQuery<SortField extends string, FilterShape extends z.ZodRawShape>(
  query: Record<string, unknown>,
  options: {
    sortFields: readonly SortField[];
    defaultSort: { field: SortField; order: 'asc' | 'desc' };
    filter: z.ZodObject<FilterShape>;
    defaultLimit?: number;
  },
): ListQuery<SortField, z.infer<z.ZodObject<FilterShape>>> {
  const sortRaw = parseJsonParam('sort', query.sort);
  let sort = options.defaultSort;
  if (sortRaw !== undefined) {
    const parsed = z.tuple([z.string(), z.string()]).safeParse(sortRaw);
    if (!parsed.success) throw AppError.badRequest('INVALID_LIST_QUERY', 'sort must be ["field","ASC"|"DESC"]');
    const [field, order] = parsed.data;
    if (!(options.sortFields as readonly string[]).includes(field)) {
      throw AppError.badRequest(
        'UNKNOWN_SORT_FIELD',
        `Cannot sort by ${field}; allowed: ${options.sortFields.join(', ')}`,
      );
    }
    if (!['ASC', 'DESC'].includes(order.toUpperCase()))
      throw AppError.badRequest('INVALID_LIST_QUERY', 'sort order must be ASC or DESC');
    sort = { field: field as SortField, order: order.toLowerCase() as 'asc' | 'desc' };
  }

  const rangeRaw = parseJsonParam('range', query.range);
  let range = { offset: 0, limit: options.defaultLimit ?? 25 };
  if (rangeRaw !== undefined) {
    const parsed = z.tuple([z.number().int().min(0), z.number().int().min(0)]).safeParse(rangeRaw);
    if (!parsed.success || parsed.data[1] < parsed.data[0])
      throw AppError.badRequest('INVALID_LIST_QUERY', 'range must be [start,end]');
    const rows = parsed.data[1] - parsed.data[0] + 1;
    if (rows > LIST_MAX_PAGE) {
      throw AppError.badRequest(
        'RANGE_TOO_LARGE',
        `range asks for ${rows} rows; a page holds at most ${LIST_MAX_PAGE}: ask for the next page`,
      );
    }
    range = { offset: parsed.data[0], limit: rows };
  }

  const filterRaw = parseJsonParam('filter', query.filter) ?? {};
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) {
    throw AppError.badRequest('INVALID_LIST_QUERY', 'filter must be a JSON object');
  }
  const ids = (filterRaw as { id?: unknown }).id;
  if (Array.isArray(ids)) {
    if (ids.length > LIST_MAX_IDS) {
      throw AppError.badRequest(
        'TOO_MANY_IDS',
        `filter id lists ${ids.length} ids; at most ${LIST_MAX_IDS} can be looked up at a time`,
      );
    }
    // getMany sends its ids without a range: every id asked for comes back, not a default page.
    if (rangeRaw === undefined) range = { offset: 0, limit: Math.max(range.limit, ids.length) };
  }
  const allowed = Object.keys(options.filter.shape);
  const unknown = Object.keys(filterRaw).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw AppError.badRequest(
      'UNKNOWN_FILTER_FIELD',
      `Cannot filter by ${unknown.join(', ')}; allowed: ${allowed.join(', ')}`,
    );
  }
  const filter = options.filter.safeParse(filterRaw);
  if (!filter.success)
    throw AppError.badRequest(
      'INVALID_LIST_QUERY',
      `filter ${filter.error.issues[0]?.path.join('.')} ${filter.error.issues[0]?.message}`,
    );
  return { sort, range, filter: filter.data };
}

/** Content-Range: items start-end/total, as ra-data-simple-rest reads it. */
export function sendList<T>(
  res: Response,
  rows: T[],
  total: number,
  range: { offset: number },
  resource = 'items',
): void {
  const end = rows.length === 0 ? range.offset : range.offset + rows.length - 1;
  res.setHeader('Content-Range', `${resource} ${range.offset}-${end}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  res.json(rows);
}

/** One page of a list as the service loads it: the checked filter and sort, and the range. */
export type ListPage<SortField extends string, Filter> = {
  filter: Filter;
  sort: ListQuery<SortField, Filter>['sort'];
} & ListQuery<SortField, Filter>['range'];

/**
 * A whole ra-data-simple-rest list route: sort, range and filter checked against the resource's
 * allowlists, the page loaded by the service, the answer sent with its Content-Range.
 */
export function raListRoute<SortField extends string, FilterShape extends z.ZodRawShape, Row>(
  resource: string,
  options: Parameters<typeof parseListQuery<SortField, FilterShape>>[1],
  load: (
    req: Request,
    page: ListPage<SortField, z.infer<z.ZodObject<FilterShape>>>,
  ) => Promise<{ rows: Row[]; total: number }>,
): RequestHandler {
  return async (req, res) => {
    const list = parseListQuery(req.query, options);
    const { rows, total } = await load(req, { filter: list.filter, sort: list.sort, ...list.range });
    sendList(res, rows, total, list.range, resource);
  };
}
