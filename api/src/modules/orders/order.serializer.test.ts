import { describe, expect, it } from '@jest/globals';

import { orderSchema } from '../../contracts/order-submission.js';
import { linesByOrderId, serializeOrder } from './order.serializer.js';
import type { OrderLineRow, OrderRow } from './orders.queries.js';

const row: OrderRow = {
  id: 'o1',
  order_number: 'ORD-1',
  display_seq: 7,
  user_id: 'u1',
  user_email: 'ada@example.org',
  first_name: 'Ada',
  last_name: null,
  username: 'ada',
  status: 'mystery',
  rejection_reason: null,
  total_amount: '49.90',
  notes: 'Order submitted',
  delivery_location: 'ICU',
  priority: 'normal',
  is_urgent: false,
  urgent_reason: null,
  created_at: new Date('2026-11-27T01:02:03.000Z'),
};
const line = (order_id: string, line_number: number): OrderLineRow => ({
  id: `${order_id}-${line_number}`,
  order_id,
  line_number,
  product_id: null,
  asin: 'B000000001',
  sku: null,
  title: 'Gloves',
  image_url: null,
  quantity: 2,
  unit_price: '24.95',
  total_price: '49.90',
  rejection_reason: null,
  rejected_by_label: null,
  rejected_at: null,
  rejected_level: null,
  punchout_unit_of_measure: null,
  punchout_reference: null,
  punchout_previous_unit_price: null,
  punchout_previous_order_number: null,
  punchout_previous_seen_at: null,
});

describe('the order serializer', () => {
  it('sends exactly the contract fields, the stored status as is and the date as ISO text', () => {
    const order = serializeOrder(row, [{ ...line('o1', 1), unspsc: '42132203' } as OrderLineRow]);
    expect(orderSchema.strict().safeParse({ ...order, lines: [] }).success).toBe(true);
    expect(Object.keys(order.lines[0]!)).toEqual([
      'id',
      'line_number',
      'product_id',
      'asin',
      'sku',
      'title',
      'image_url',
      'quantity',
      'unit_price',
      'total_price',
      'rejection',
      'supplier_quote',
    ]);
    expect(order.lines[0]!.rejection).toBeNull();
    expect(order.lines[0]!.supplier_quote).toBeNull();
    expect(order).toMatchObject({ status: 'mystery', requester_name: 'Ada', created_at: '2026-11-27T01:02:03.000Z' });
  });

  it('sends an approver-rejected line with its reason, who and when', () => {
    const rejected = serializeOrder(row, [
      {
        ...line('o1', 2),
        rejection_reason: 'Not stocked on this ward',
        rejected_by_label: 'Grace Admin',
        rejected_at: '2026-11-27T05:00:00+00:00',
        rejected_level: 1,
      },
    ]);
    expect(rejected.lines[0]!.rejection).toEqual({
      reason: 'Not stocked on this ward',
      rejected_by: 'Grace Admin',
      rejected_at: '2026-11-27T05:00:00.000Z',
      level: 1,
    });
  });

  it('names the requester by username, then e-mail, when names are missing', () => {
    expect(serializeOrder({ ...row, first_name: null }, []).requester_name).toBe('ada');
    expect(serializeOrder({ ...row, first_name: null, username: null }, []).requester_name).toBe('ada@example.org');
  });

  it('groups lines by their order, keeping their order', () => {
    const grouped = linesByOrderId([line('a', 1), line('b', 1), line('a', 2)]);
    expect(grouped.get('a')?.map((l) => l.line_number)).toEqual([1, 2]);
    expect(grouped.get('b')).toHaveLength(1);
  });
});
