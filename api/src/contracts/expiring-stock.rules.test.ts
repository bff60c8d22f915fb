import { describe, expect, it } from '@jest/globals';

import { expiryMarks, expiryText } from './expiring-stock.rules.js';

describe('expiring stock wording', () => {
  it.each([
    [-3, 'Expired 3 days ago'],
    [-1, 'Expired 1 day ago'],
    [0, 'Expires today'],
    [1, 'Expires in 1 day'],
    [45, 'Expires in 45 days'],
  ])('a lot %i days from expiry reads "%s"', (daysLeft, text) => {
    expect(expiryText({ days_left: daysLeft })).toBe(text);
  });

  it.each([
    [false, false, ''],
    [true, false, 'expired'],
    [false, true, 'recalled'],
    [true, true, 'recalled, expired'],
  ])('expired %s and recalled %s mark "%s"', (isExpired, isRecalled, marks) => {
    expect(expiryMarks({ is_expired: isExpired, is_recalled: isRecalled })).toBe(marks);
  });
});
