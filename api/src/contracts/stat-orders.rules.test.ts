import { describe, expect, it } from '@jest/globals';

import { statReasonLength, statReasonProblem, urgentRequestSchema } from './stat-orders.js';

describe('statReasonProblem counts as the API does', () => {
  it.each([
    ['150 emoji (300 UTF-16 units)', '🩸'.repeat(150)],
    ['201 emoji', '🩸'.repeat(201)],
    ['2 emoji (4 UTF-16 units)', '🩸🩸'],
    ['3 emoji', '🩸🩸🩸'],
    ['200 letters with accents', 'é'.repeat(200)],
    ['201 letters', 'x'.repeat(201)],
    ['spaces around 2 letters', '   ab   '],
  ])('%s: the form refuses exactly what the server refuses, with its message', (_case, reason) => {
    const parsed = urgentRequestSchema.safeParse({ reason });
    const serverMessage = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
    expect(statReasonProblem(reason)).toBe(serverMessage);
  });

  it('the counter counts characters of the trimmed reason', () => {
    expect(statReasonLength('  🩸 saline ')).toBe(8);
  });
});
