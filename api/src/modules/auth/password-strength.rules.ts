import { ZxcvbnFactory, type TranslationKeys } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

import { PASSWORD_MIN_LENGTH } from '../../contracts/auth.js';

/** zxcvbn's score 3: "safely unguessable" (about 10^10 guesses); below it a password is refused. */
export const MIN_PASSWORD_SCORE = 3;

/** Words of this portal itself: a password made of them is guessed first. */
const SITE_WORDS = ['supplyhub', 'supply hub', 'supply', 'hub', 'medical', 'hospital'];

const TRANSLATIONS: TranslationKeys = {
  warnings: {
    straightRow: 'Straight rows of keys on your keyboard are easy to guess.',
    keyPattern: 'Short keyboard patterns are easy to guess.',
    simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
    extendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
    sequences: 'Common character sequences like "abc" are easy to guess.',
    recentYears: 'Recent years are easy to guess.',
    dates: 'Dates are easy to guess.',
    topTen: 'This is a heavily used password.',
    topHundred: 'This is a frequently used password.',
    common: 'This is a commonly used password.',
    similarToCommon: 'This is similar to a commonly used password.',
    wordByItself: 'Single words are easy to guess.',
    namesByThemselves: 'Single names or surnames are easy to guess.',
    commonNames: 'Common names and surnames are easy to guess.',
    userInputs: 'Your name, your e-mail or the name of the portal or company are easy to guess.',
    pwned: 'This password was exposed by a data breach on the Internet.',
  },
  suggestions: {
    l33t: "Avoid predictable letter substitutions like '@' for 'a'.",
    reverseWords: 'Avoid reversed spellings of common words.',
    allUppercase: 'Capitalize some, but not all letters.',
    capitalization: 'Capitalize more than the first letter.',
    dates: 'Avoid dates and years that are associated with you.',
    recentYears: 'Avoid recent years.',
    associatedYears: 'Avoid years that are associated with you.',
    sequences: 'Avoid common character sequences.',
    repeated: 'Avoid repeated words and characters.',
    longerKeyboardPattern: 'Use longer keyboard patterns and change typing direction multiple times.',
    anotherWord: 'Add more words that are less common.',
    useWords: 'Use multiple words, but avoid common phrases.',
    noNeed: 'You can create strong passwords without using symbols, numbers, or uppercase letters.',
    pwned: 'If you use this password elsewhere, you should change it.',
  },
  timeEstimation: {
    ltSecond: 'less than a second',
    second: '{base} second',
    seconds: '{base} seconds',
    minute: '{base} minute',
    minutes: '{base} minutes',
    hour: '{base} hour',
    hours: '{base} hours',
    day: '{base} day',
    days: '{base} days',
    month: '{base} month',
    months: '{base} months',
    year: '{base} year',
    years: '{base} years',
    centuries: 'centuries',
  },
};

const zxcvbn = new ZxcvbnFactory({ translations: TRANSLATIONS, graphs: adjacencyGraphs, dictionary });

/** What the person choosing the password is known by: their name, e-mail and company. */
export interface PasswordContext {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
}

export type PasswordVerdict = { isStrong: true } | { isStrong: false; reasons: string[] };

/** The words a guesser tries first for this person: each name, the e-mail and its parts. */
export function personalWords(context: PasswordContext): string[] {
  const email = context.email?.toLowerCase() ?? '';
  const [local = '', domain = ''] = email.split('@');
  const parts = [local, ...local.split(/[._+-]/), domain, ...domain.split('.')];
  return [
    ...new Set(
      [context.firstName, context.lastName, context.companyName, email, ...parts, ...SITE_WORDS]
        .map((word) => word?.trim().toLowerCase() ?? '')
        .filter((word) => word.length >= 3),
    ),
  ];
}

/**
 * The spec's minimum length (6) plus zxcvbn's estimate with the person's own words as context.
 * The reasons are zxcvbn's warning and suggestions, shown under the password field.
 */
export function judgePassword(password: string, context: PasswordContext): PasswordVerdict {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { isStrong: false, reasons: [`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`] };
  }
  const result = zxcvbn.check(password, personalWords(context));
  if (result.score >= MIN_PASSWORD_SCORE) return { isStrong: true };
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter((reason): reason is string =>
    Boolean(reason),
  );
  return {
    isStrong: false,
    reasons: reasons.length ? reasons : ['Add another word or two. Uncommon words are better.'],
  };
}
