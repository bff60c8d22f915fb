import { describe, expect, it } from '@jest/globals';

import { expiryDigestMail, lotsForRecipient, toCsvRow, type DigestLot } from './expiring-stock.rules.js';

function lot(overrides: Partial<DigestLot>): DigestLot {
  return {
    lot: 'L1',
    asin: 'B000000001',
    title: 'Nitrile gloves, M',
    expiry_date: '2026-12-10',
    days_left: 11,
    is_expired: false,
    is_recalled: false,
    quantity: 4,
    location: 'Par cart 4B',
    location_id: 'loc-4b',
    location_department_id: 'dep-4b',
    department: 'Ward 4B',
    received_by: 'nurse@example.test',
    received_at: '2026-11-01T10:00:00.000Z',
    order_number: 'SO-000123',
    ...overrides,
  };
}

const atWard = lot({});
const atOtherWard = lot({ lot: 'L2', location_id: 'loc-5a', location_department_id: 'dep-5a', location: 'Cart 5A' });
const shipped = lot({ lot: 'L3', location_id: null, location_department_id: null, location: '1 Dock Rd, Boston, MA' });

describe('the expiry digest', () => {
  it('gives logistics every lot, a member the lots at their department’s locations, anyone else none', () => {
    const lots = [atWard, atOtherWard, shipped];
    expect(lotsForRecipient({ email: 'l@x', department_id: null, is_logistics: true }, lots)).toEqual(lots);
    expect(lotsForRecipient({ email: 'm@x', department_id: 'dep-4b', is_logistics: false }, lots)).toEqual([atWard]);
    expect(lotsForRecipient({ email: 'n@x', department_id: null, is_logistics: false }, lots)).toEqual([]);
  });

  it('lists the lots with their marks and links each location’s page for a member', () => {
    const mail = expiryDigestMail({
      recipient: { email: 'm@x', department_id: 'dep-4b', is_logistics: false },
      lots: [
        lot({ days_left: -2, is_expired: true, expiry_date: '2026-11-27' }),
        lot({ lot: 'L9', is_recalled: true }),
      ],
      withinDays: 60,
      publicUrl: 'https://portal.example',
    });
    expect(mail.subject).toBe('Expiring soon: 2 lots at your locations within 60 days');
    expect(mail.text).toContain(
      '- 2026-11-27 (Expired 2 days ago) EXPIRED\n  Nitrile gloves, M (B000000001), lot L1: 4 received',
    );
    expect(mail.text).toContain('(Expires in 11 days) RECALLED');
    expect(mail.text.match(/https:\/\/portal\.example\/locations\/loc-4b/g)).toHaveLength(1);
  });

  it('links logistics to the back office list', () => {
    const mail = expiryDigestMail({
      recipient: { email: 'l@x', department_id: null, is_logistics: true },
      lots: [shipped],
      withinDays: 60,
      publicUrl: 'https://portal.example',
    });
    expect(mail.subject).toBe('Expiring soon: 1 lot within 60 days');
    expect(mail.text).toContain('See the whole list: https://portal.example/admin/expiring-stock');
    expect(mail.text).not.toContain('/locations/');
  });

  it('writes a CSV row with the marks in one status column', () => {
    expect(toCsvRow(lot({ is_expired: true, is_recalled: true }))).toMatchObject({
      status: 'recalled, expired',
      lot: 'L1',
    });
  });
});
