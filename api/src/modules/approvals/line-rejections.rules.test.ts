import { describe, expect, it } from '@jest/globals';

import { totalOfLinesKept } from '../../contracts/line-rejections.rules.js';
import { decideLineRejections, orderReasonFromLines, type DecisionLine } from './line-rejections.rules.js';

const line = (id: string, line_number: number, total_price: string): DecisionLine => ({
  id,
  line_number,
  title: `Item ${line_number}`,
  quantity: 1,
  total_price,
});
const ordered = [line('a', 1, '10.10'), line('b', 2, '20.20'), line('c', 3, '0.05')];
const decide = (requested: { item_id: string; reason: string }[], alreadyRejectedIds: string[] = []) =>
  decideLineRejections({ orderNumber: 'SO-000001', ordered, alreadyRejectedIds, requested });

describe('decideLineRejections', () => {
  it('keeps the other lines and their total, in cents', () => {
    expect(decide([{ item_id: 'b', reason: 'No' }])).toEqual({
      rejected: [{ ...ordered[1], reason: 'No' }],
      remainingTotal: '10.15',
      rejectsAll: false,
    });
  });

  it('rejecting every line rejects the order', () => {
    expect(decide(ordered.map((entry) => ({ item_id: entry.id, reason: 'No' }))).rejectsAll).toBe(true);
  });

  it.each([
    ['an unknown line', [{ item_id: 'z', reason: 'No' }], [], 'ORDER_LINE_UNKNOWN', 'rejected_lines.0.item_id'],
    [
      'a line named twice',
      [
        { item_id: 'a', reason: 'No' },
        { item_id: 'a', reason: 'Still no' },
      ],
      [],
      'ORDER_LINE_REPEATED',
      'rejected_lines.1.item_id',
    ],
    [
      'a line already rejected',
      [{ item_id: 'r', reason: 'No' }],
      ['r'],
      'ORDER_LINE_ALREADY_REJECTED',
      'rejected_lines.0.item_id',
    ],
  ])('refuses %s with a 422 naming the field', (_case, requested, already, code, field) => {
    expect(() => decide(requested, already)).toThrow(
      expect.objectContaining({ status: 422, code, errors: { [field]: expect.any(String) } }),
    );
  });
});

describe('orderReasonFromLines', () => {
  it('lists each line with its reason, in line order', () => {
    expect(
      orderReasonFromLines([
        { line_number: 2, title: 'Gauze', reason: 'Duplicate' },
        { line_number: 1, title: 'Gloves', reason: 'Wrong size' },
      ]),
    ).toBe('Line 1 (Gloves): Wrong size; Line 2 (Gauze): Duplicate');
  });
});

describe('totalOfLinesKept', () => {
  it('adds the lines not rejected without float drift', () => {
    expect(totalOfLinesKept(ordered, new Set(['c']))).toBe('30.30');
    expect(totalOfLinesKept(ordered, new Set(['a', 'b', 'c']))).toBe('0.00');
  });
});
