import { describe, expect, it } from '@jest/globals';

import {
  checkExtraPattern,
  checkExtraPatterns,
  describePatientDataFinding,
  findPatientData,
  type PatientDataKind,
} from './supplier-text.rules.js';

describe('findPatientData', () => {
  it.each<[string, PatientDataKind]>([
    ['Pt John Smith MRN 4455667', 'medical record number'],
    ['MRN: 4455667 needs a bariatric bed', 'medical record number'],
    ['mrn#12345', 'medical record number'],
    ['bed 4, patient 84736251', 'medical record number'],
    ['chart 0012345678 on 4 West', 'medical record number'],
    ['DOB 03/14/1961', 'date of birth'],
    ['d.o.b. 14.03.1961, bring gloves', 'date of birth'],
    ['born 1961-03-14', 'date of birth'],
    ['birthday March 14, 1961', 'date of birth'],
    ['03/14/61 (date of birth)', 'date of birth'],
    ['SSN 123-45-6789', 'social security number'],
    ['ref 123-45-6789', 'social security number'],
    ['social security number 123456789', 'social security number'],
    ['for patient Maria Lopez', 'patient name'],
    ['Patient: Mr. Okafor in 12B', 'patient name'],
    ['patient name Garcia', 'patient name'],
    // Look-alike spellings: a zero-width space, a Cyrillic М, full-width digits, non-breaking hyphens,
    // a division slash, an accented name.
    ['M\u200bRN 4455667', 'medical record number'],
    ['\u041cRN 4455667', 'medical record number'],
    ['MRN \uff14\uff14\uff15\uff15\uff16\uff16\uff17', 'medical record number'],
    ['ref 123\u201145\u20116789', 'social security number'],
    ['DOB 03\u221504/1961', 'date of birth'],
    ['for patient \u00c9mile Durand', 'patient name'],
  ])('refuses %j as a %s', (text, kind) => {
    expect(findPatientData(text)).toEqual({ kind });
  });

  it.each([
    'deliver to bed bay 3',
    'for room 12B',
    'lot 4455667A',
    'deliver by 2026-12-03',
    'leave at dock 2 after 7am',
    'call ext 4455',
    'Patient Transport entrance, door 4',
    'deliver to ICU bed 12, ring 4455',
    'PO 4455667 for the pharmacy store',
    'patient room 3 supplies',
    'deliver to the Birth Center by 12/03/2026',
    'deliver to PT Gym, 2nd floor',
    '',
  ])('lets the ward note %j through', (text) => {
    expect(findPatientData(text)).toBeNull();
  });

  it("uses the organisation's medical record pattern instead of the default", () => {
    expect(findPatientData('HN-884422', [], { medicalRecordPattern: 'HN-\\d{6}' })).toEqual({
      kind: 'medical record number',
    });
    expect(findPatientData('mrn#12345', [], { medicalRecordPattern: 'HN-\\d{6}' })).toBeNull();
  });

  it("refuses a text matching an administrator's extra pattern, without case, and skips an invalid one", () => {
    expect(findPatientData('ref ep-2291-x', ['EP-\\d{4}'])).toEqual({ kind: 'pattern set by an administrator' });
    expect(findPatientData('ref ep-2291-x', ['(unclosed'])).toBeNull();
  });
});

describe('describePatientDataFinding', () => {
  it('names the field and the kind in one sentence', () => {
    expect(describePatientDataFinding('Order note', { kind: 'date of birth' })).toBe(
      'Order note: this looks like a date of birth. Supplier messages must not hold patient details; write the bed or room instead.',
    );
    expect(describePatientDataFinding('STAT reason', { kind: 'pattern set by an administrator' })).toBe(
      'STAT reason: this matches a pattern set by an administrator. Supplier messages must not hold patient details; write the bed or room instead.',
    );
  });
});

describe('checkExtraPattern', () => {
  it.each(['EP-\\d{4}', '\\bHN\\s?\\d{6}\\b', '[A-Z]{2}\\d{7}', '(?:case|visit)\\s*#\\d+', 'z{1,1}q'])(
    'accepts %j',
    (pattern) => {
      expect(checkExtraPattern(pattern)).toBeNull();
    },
  );

  it.each<[string, RegExp]>([
    ['(a+)+$', /repeats a group/],
    ['(\\d*)*x', /repeats a group/],
    ['(a|aa)+', /repeats a group/],
    ['(x{2,})+', /repeats a group/],
    ['((ab)+c)*', /repeats a group/],
    ['(a)\\1', /back-reference/],
    ['(unclosed', /is not a valid regular expression/],
    ['[z-a]', /is not a valid regular expression/],
    ['   ', /cannot be empty/],
    ['x'.repeat(201), /at most 200 characters/],
  ])('refuses %j', (pattern, message) => {
    expect(checkExtraPattern(pattern)).toMatch(message);
  });

  it('refuses more than twenty patterns', () => {
    expect(checkExtraPatterns(Array.from({ length: 21 }, (_, index) => `code${index}`))).toBe(
      'At most 20 patterns can be set.',
    );
    expect(checkExtraPatterns(['EP-\\d{4}'])).toBeNull();
  });
});
