import { describe, expect, it } from '@jest/globals';

import type { PunchOutOrderMessageRead } from '../supplier/cxml/cxml-punchout.js';
import { checkReturnedCart, returnedDocument, sessionProblem } from './punchout.rules.js';

const line = (overrides: Partial<PunchOutOrderMessageRead['items'][number]> = {}) => ({
  quantity: '2',
  supplierPartId: 'P-1',
  supplierPartAuxiliaryId: 'q1',
  unitPrice: '4.5',
  currency: 'USD',
  description: 'Gauze',
  unitOfMeasure: 'pk',
  unspsc: null,
  manufacturerName: null,
  ...overrides,
});
const message = (items = [line()], total = '9.00'): PunchOutOrderMessageRead => ({
  fromIdentity: 'Amazon',
  senderIdentity: 'Amazon',
  buyerCookie: 'c',
  operationAllowed: 'create',
  total,
  currency: 'USD',
  items,
});
const expected = { supplierIdentity: 'Amazon', currency: 'USD' };
const problemOf = (read: PunchOutOrderMessageRead) => {
  const checked = checkReturnedCart(read, expected);
  return checked.ok ? null : checked.problem;
};

describe('checkReturnedCart', () => {
  it('normalises a good line: price to two decimals, unit upper case, the medical UNSPSC segment by default', () => {
    expect(checkReturnedCart(message(), expected)).toEqual({
      ok: true,
      value: [
        {
          lineNumber: 1,
          quantity: 2,
          supplierPartId: 'P-1',
          supplierPartAuxiliaryId: 'q1',
          unitPrice: '4.50',
          description: 'Gauze',
          unitOfMeasure: 'PK',
          unspsc: '42000000',
          manufacturerName: null,
        },
      ],
    });
  });

  it.each([
    [message([line({ quantity: '1.5' })]), 'Line 1: the quantity must be a whole number from 1 to 9999.'],
    [message([line({ quantity: '0' })]), 'Line 1: the quantity must be a whole number from 1 to 9999.'],
    [message([line({ quantity: '10000' })], '45000.00'), 'Line 1: the quantity must be a whole number from 1 to 9999.'],
    [
      message([line({ unitPrice: '-1.00' })]),
      'Line 1: the unit price must be an amount in USD with at most two decimals.',
    ],
    [
      message([line({ unitPrice: '1.005' })]),
      'Line 1: the unit price must be an amount in USD with at most two decimals.',
    ],
    [
      message([line({ currency: 'EUR' })]),
      'Line 1: the unit price must be an amount in USD with at most two decimals.',
    ],
    [
      message([line(), line({ supplierPartId: 'P-2', unitPrice: '0.00' })]),
      'Line 2 (P-2): the unit price is $0.00; a quoted item has a price.',
    ],
    [message([line({ unitPrice: '0' })], '0.00'), 'Line 1 (P-1): the unit price is $0.00; a quoted item has a price.'],
    [message([line({ supplierPartId: ' ' })]), 'Line 1: the SupplierPartID must have 1 to 100 characters.'],
    [message([line({ description: '' })]), 'Line 1: the Description is empty.'],
    [message([line({ unitOfMeasure: 'box of 10' })]), 'Line 1: the UnitOfMeasure is not a unit code.'],
    [message([line()], '9.01'), "The cart's Total ($9.01) does not match its lines ($9.00)."],
    [{ ...message(), fromIdentity: 'Other' }, 'The cart does not come from the supplier Supply Hub is set up with.'],
    [{ ...message(), currency: 'EUR' }, "The cart's Total must be an amount in USD."],
  ])('refuses %#: %s', (read, problem) => {
    expect(problemOf(read)).toBe(problem);
  });
});

describe('returnedDocument and sessionProblem', () => {
  it('reads either form field, refuses a missing or non-base64 one', () => {
    expect(returnedDocument({ 'cxml-urlencoded': '<cXML/>' })).toEqual({ ok: true, value: '<cXML/>' });
    expect(returnedDocument({ 'cxml-base64': Buffer.from('<cXML/>').toString('base64') })).toEqual({
      ok: true,
      value: '<cXML/>',
    });
    expect(returnedDocument({ 'cxml-base64': '<cXML/>' })).toMatchObject({ ok: false });
    expect(returnedDocument({})).toMatchObject({ ok: false });
  });

  it('a session is open until returned or expired', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(sessionProblem({ returned_at: null, expires_at: new Date('2026-11-27T12:00:01Z') }, now)).toBeNull();
    expect(sessionProblem({ returned_at: null, expires_at: now }, now)).toMatch(/expired/);
    expect(sessionProblem({ returned_at: now, expires_at: new Date('2026-11-28') }, now)).toMatch(/already returned/);
    expect(sessionProblem(undefined, now)).toMatch(/not known/);
  });
});
