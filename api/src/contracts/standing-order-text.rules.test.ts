import { describe, expect, it } from '@jest/globals';

import { scheduleText } from './standing-order-text.rules.js';

describe('scheduleText', () => {
  it('names the weekdays in order and the monthly day plainly', () => {
    expect(scheduleText({ kind: 'weekly', weekdays: [4, 1] })).toBe('Every Monday and Thursday');
    expect(scheduleText({ kind: 'weekly', weekdays: [1, 3, 5] })).toBe('Every Monday, Wednesday and Friday');
    expect(scheduleText({ kind: 'weekly', weekdays: [7] })).toBe('Every Sunday');
    expect(scheduleText({ kind: 'monthly', day: 15 })).toBe('Monthly on day 15');
    expect(scheduleText({ kind: 'monthly', day: 31 })).toBe(
      'Monthly on day 31 (the month’s last day when it is shorter)',
    );
  });
});
