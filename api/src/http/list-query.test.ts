import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';

import { parseListQuery } from './list-query.js';

const options = {
  sortFields: ['title', 'price'] as const,
  defaultSort: { field: 'title' as const, order: 'asc' as const },
  filter: z.object({ q: z.string().optional(), active: z.boolean().optional() }),
};

describe('parseListQuery (ra-data-simple-rest)', () => {
  it('reads sort, range and filter', () => {
    expect(
      parseListQuery({ sort: '["price","DESC"]', range: '[10,19]', filter: '{"q":"gauze","active":true}' }, options),
    ).toEqual({
      sort: { field: 'price', order: 'desc' },
      range: { offset: 10, limit: 10 },
      filter: { q: 'gauze', active: true },
    });
  });

  it('refuses unknown sort and filter fields and malformed values with 400', () => {
    expect(() => parseListQuery({ sort: '["password_hash","ASC"]' }, options)).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_SORT_FIELD', status: 400 }),
    );
    expect(() => parseListQuery({ filter: '{"user_id":"x"}' }, options)).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_FILTER_FIELD' }),
    );
    expect(() => parseListQuery({ range: '[5,1]' }, options)).toThrow(
      expect.objectContaining({ code: 'INVALID_LIST_QUERY' }),
    );
    expect(() => parseListQuery({ sort: 'title' }, options)).toThrow(
      expect.objectContaining({ code: 'INVALID_LIST_QUERY' }),
    );
    expect(() => parseListQuery({ filter: '{"active":"yes"}' }, options)).toThrow(
      expect.objectContaining({ code: 'INVALID_LIST_QUERY' }),
    );
  });

  it('caps a page at 200 rows', () => {
    expect(parseListQuery({ range: '[0,9999]' }, options).range).toEqual({ offset: 0, limit: 200 });
  });
});
