import { describe, expect, it } from '@jest/globals';

import { ORDER_STATUS_BADGES } from './order-status.presentation.js';
import { ORDER_STATUSES } from './orders.js';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the order status badges', () => {
  it('has one badge per status, each readable (contrast at least 4.5:1)', () => {
    expect(Object.keys(ORDER_STATUS_BADGES).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const badge of Object.values(ORDER_STATUS_BADGES)) {
      expect(contrast(badge.color, badge.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('tells every status apart by its colours', () => {
    const colours = Object.values(ORDER_STATUS_BADGES).map((badge) => `${badge.color}/${badge.backgroundColor}`);
    expect(new Set(colours).size).toBe(ORDER_STATUSES.length);
  });
});
