import { describe, expect, it } from '@jest/globals';

import { departmentCodeCandidates } from './departments.rules.js';

function firstCodes(name: string, count: number): string[] {
  const codes: string[] = [];
  for (const code of departmentCodeCandidates(name)) {
    codes.push(code);
    if (codes.length === count) break;
  }
  return codes;
}

describe('departmentCodeCandidates', () => {
  it.each([
    ['ICU', ['ICU', 'ICU-2', 'ICU-3']],
    ['Family Medicine', ['FAMILY-MEDICINE', 'FAMILY-MEDICINE-2', 'FAMILY-MEDICINE-3']],
    [
      '  Intensive Care (ICU) — Level 2 North ',
      ['INTENSIVE-CARE-ICU-L', 'INTENSIVE-CARE-ICU-2', 'INTENSIVE-CARE-ICU-3'],
    ],
    ['—', ['DEPT', 'DEPT-2', 'DEPT-3']],
  ])('%j gives %j', (name, expected) => {
    expect(firstCodes(name, 3)).toEqual(expected);
  });

  it('keeps every candidate within the 20-character code form', () => {
    for (const code of firstCodes('A very long department name indeed', 12)) {
      expect(code).toMatch(/^[A-Z0-9][A-Z0-9_-]{0,19}$/);
    }
  });
});
