import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';

import { idFilter, parseListQuery } from './list-query.js';

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

  it('refuses a page of more than 200 rows with 400 RANGE_TOO_LARGE, and serves one of 200', () => {
    expect(() => parseListQuery({ range: '[0,9999]' }, options)).toThrow(
      expect.objectContaining({ code: 'RANGE_TOO_LARGE', status: 400 }),
    );
    expect(parseListQuery({ range: '[200,399]' }, options).range).toEqual({ offset: 200, limit: 200 });
  });

  it('answers every id of an id filter sent without a range (react-admin getMany), up to 200', () => {
    const withIds = { ...options, filter: z.object({ id: idFilter(z.string()) }) };
    const ids = Array.from({ length: 30 }, (_, index) => `id-${index}`);
    expect(parseListQuery({ filter: JSON.stringify({ id: ids }) }, withIds).range).toEqual({ offset: 0, limit: 30 });
    expect(parseListQuery({ filter: JSON.stringify({ id: ids }), range: '[0,9]' }, withIds).range).toEqual({
      offset: 0,
      limit: 10,
    });
    const tooMany = Array.from({ length: 201 }, (_, index) => `id-${index}`);
    expect(() => parseListQuery({ filter: JSON.stringify({ id: tooMany }) }, withIds)).toThrow(
      expect.objectContaining({ code: 'TOO_MANY_IDS', status: 400 }),
    );
  });
});
