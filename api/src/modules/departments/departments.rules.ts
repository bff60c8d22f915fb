const CODE_LENGTH = 20;

/**
 * The codes a department named `name` may take, best first: 'Family Medicine' → 'FAMILY-MEDICINE',
 * then 'FAMILY-MEDICINE-2', '-3' … (at most 20 characters each, the departments_code_check form).
 */
export function* departmentCodeCandidates(name: string): Generator<string> {
  const base =
    name
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, CODE_LENGTH)
      .replace(/-+$/, '') || 'DEPT';
  yield base;
  for (let suffix = 2; ; suffix += 1) yield `${base.slice(0, CODE_LENGTH - String(suffix).length - 1)}-${suffix}`;
}
