import { describe, expect, it } from '@jest/globals';

import { parSuggestion } from './par-review.rules.js';

describe('parSuggestion', () => {
  it.each([
    { case: 'ordered on 3 of 4 counts', counts: 4, ordered: 3, min: 2, suggestion: 'raise' },
    { case: 'ordered on exactly half the counts', counts: 4, ordered: 2, min: 2, suggestion: null },
    { case: 'one count that ordered is not "most counts"', counts: 1, ordered: 1, min: 0, suggestion: null },
    { case: 'never below half of par (10 of 20)', counts: 3, ordered: 0, min: 10, suggestion: 'lower' },
    { case: 'once below half of par (9 of 20)', counts: 3, ordered: 1, min: 9, suggestion: null },
    { case: 'never counted', counts: 0, ordered: 0, min: null, suggestion: null },
  ])('$case → $suggestion', ({ counts, ordered, min, suggestion }) => {
    expect(parSuggestion({ par: 20, counts, ordered, min_on_hand: min })).toBe(suggestion);
  });
});
