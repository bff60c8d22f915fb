import { describe, expect, it } from '@jest/globals';

import { checkExtraPattern, findPatientData } from '../contracts/supplier-text.rules.js';
import { compileLinearPattern } from './linear-patterns.js';

describe("an administrator's pattern on the linear-time engine", () => {
  it('answers at once where a backtracking engine stalls (a pattern the structural check lets through)', () => {
    // On V8's backtracking engine this pattern on 120 digits did not finish in two minutes.
    const stalling = String.raw`\d*\d*\d*\d*\d*x`;
    const matches = compileLinearPattern(stalling)!;
    expect(matches('1'.repeat(500))).toBe(false);
    expect(findPatientData('1'.repeat(499), [stalling], { compilePattern: compileLinearPattern })).toBeNull();
    expect(findPatientData('12345x', [stalling], { compilePattern: compileLinearPattern })).toEqual({
      kind: 'pattern set by an administrator',
    });
  });

  it('matches whatever the case of the text, as the case-insensitive default does', () => {
    const matches = compileLinearPattern(String.raw`\bHOSP-\d{8}\b`)!;
    expect(matches('sent for hosp-12345678 today')).toBe(true);
    expect(matches('HOSP-1234')).toBe(false);
    expect(
      findPatientData('pt mrn 4455667', [], { medicalRecordPattern: null, compilePattern: compileLinearPattern }),
    ).toEqual({ kind: 'medical record number' });
  });

  it('refuses what it cannot run in linear time, and patterns that would refuse every note', () => {
    expect(compileLinearPattern('(?=MRN)MRN')).toBeNull();
    expect(checkExtraPattern('(?<=MRN )\\d+', compileLinearPattern)).toMatch(/cannot be checked in linear time/);
    expect(checkExtraPattern('x*', compileLinearPattern)).toBe(
      '"x*" matches an empty note: it would refuse every note.',
    );
    expect(checkExtraPattern('bay', compileLinearPattern)).toBe(
      '"bay" matches an ordinary note ("deliver to bed bay 3"): it would refuse every note.',
    );
    expect(checkExtraPattern(String.raw`\bHOSP-\d{8}\b`, compileLinearPattern)).toBeNull();
  });

  it('compiles a pattern once however many orders it checks, and answers each text on its own', () => {
    const first = compileLinearPattern(String.raw`\bWARD-\d{4}\b`);
    expect(compileLinearPattern(String.raw`\bWARD-\d{4}\b`)).toBe(first);
    expect(first!('for ward-1234')).toBe(true);
    expect(first!('for ward-12')).toBe(false);
    expect(first!('WARD-9876 again')).toBe(true);
    expect(compileLinearPattern('(?=MRN)MRN')).toBeNull();
  });
});
