import { describe, expect, it } from '@jest/globals';

import { shownErrorCode, shownErrorDetails, signInErrorHeadline, truncateForDisplay } from './sign-in-error.rules';

const none = { error: null, error_description: null, error_code: null };

describe('a sign-in error as shown', () => {
  it('cuts long text with an ellipsis and folds control characters', () => {
    expect(truncateForDisplay('abcdef', 3)).toBe('abc…');
    expect(truncateForDisplay('a\n\r\tb', 10)).toBe('a b');
  });

  it('never takes the headline from the description a link controls', () => {
    const crafted = { ...none, error: 'made_up', error_description: 'Call +1 555 for help' };
    expect(signInErrorHeadline(crafted)).not.toContain('555');
  });

  it("shows the code (cut to 60) or '(none)', and the details cut to 300", () => {
    expect(shownErrorCode(none)).toBe('(none)');
    expect(shownErrorCode({ ...none, error: 'x'.repeat(80) })).toBe(`${'x'.repeat(60)}…`);
    expect(shownErrorDetails({ ...none, error_description: 'y'.repeat(301) })).toHaveLength(301);
    expect(shownErrorDetails(none)).toBeNull();
  });
});
