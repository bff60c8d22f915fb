/**
 * Free text that leaves the hospital for the supplier (delivery instructions, a STAT order's reason)
 * must not carry patient details: HIPAA's minimum-necessary rule (docs/security/patient-data.md).
 * These rules look for the common shapes of patient data; they are a safety net, not a proof.
 */

export type PatientDataKind =
  | 'medical record number'
  | 'date of birth'
  | 'social security number'
  | 'patient name'
  | 'pattern set by an administrator';

export interface PatientDataFinding {
  kind: PatientDataKind;
}

/** A compiled administrator's pattern: does it match the text? */
export type PatternMatcher = (text: string) => boolean;
/** How patterns are compiled: null when the pattern cannot be used. */
export type CompilePattern = (pattern: string) => PatternMatcher | null;

export interface PatientDataOptions {
  /** The organisation's medical record number pattern (case-insensitive); absent or empty, the default. */
  medicalRecordPattern?: string | null;
  /**
   * How the record pattern and the extra patterns are compiled. The server passes a linear-time
   * engine (a pattern that backtracks could stall every order); by default, case-insensitive RegExp.
   */
  compilePattern?: CompilePattern;
}

/**
 * Ordinary ward notes no pattern may match: a pattern that matches the empty text, or these, would
 * refuse every delivery note and every STAT order.
 */
export const ORDINARY_WARD_NOTES = ['', 'deliver to bed bay 3', 'for room 12B', 'leave at dock 2 after 7am'] as const;

/** `MRN` followed by digits: "MRN 4455667", "MRN: 4455667", "MRN#4455667". */
export const DEFAULT_MEDICAL_RECORD_PATTERN = '\\bMRN\\s*[:#-]?\\s*\\d+';

/** Supplier texts are short; longer inputs are refused by their schemas before they get here. */
export const SUPPLIER_TEXT_MAX_LENGTH = 500;
export const EXTRA_PATTERN_MAX_COUNT = 20;
export const EXTRA_PATTERN_MAX_LENGTH = 200;

const SOCIAL_SECURITY_NUMBER =
  /(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])|\b(?:SSN|social security(?: number| no\.?)?)\s*[:#]?\s*\d{3}[\s-]?\d{2}[\s-]?\d{4}\b/i;

const MONTH_NAME = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const DATE =
  `(?:\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}|\\d{4}[/.-]\\d{1,2}[/.-]\\d{1,2}` +
  `|${MONTH_NAME}\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}\\s+${MONTH_NAME},?\\s+\\d{4})`;
/** "Birth center" and the like are maternity wards, not a date of birth. */
const BIRTH_WORD =
  '(?:\\bd\\.?o\\.?b\\b\\.?|\\bborn\\b|\\bbirth(?:day|date)?\\b(?!\\s+(?:cent(?:er|re)|unit|suite|ward|room|place)))';
/** A date within a few words of DOB / born / birth, on either side. */
const DATE_OF_BIRTH = new RegExp(`${BIRTH_WORD}[^\\n]{0,25}?${DATE}|${DATE}[^\\n]{0,15}?${BIRTH_WORD}`, 'i');

/** Words that make a bare long number read as a record number. */
const PATIENT_WORD = /\b(?:patient|pt|mrn|bed|chart|record|medical record)\b/i;
const BARE_LONG_NUMBER = /(?<![\d\w/.-])\d{7,10}(?![\d\w/-])/g;
const NEARBY_CHARACTERS = 25;

/**
 * "patient Maria Lopez", "Pt John Smith", "patient: Mr. Smith": a capitalised name after the word. Not "PT",
 * which on a ward is physical therapy ("PT Gym").
 */
const PATIENT_NAME =
  /\b(?:[Pp]atient|PATIENT|[Pp]t\.?)(?:\s+name)?\s*[:-]?\s+(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?(\p{Lu}[\p{Ll}'’-]+)/gu;
/** Capitalised words that follow "patient" in ordinary ward notes without naming anyone. */
const NOT_A_NAME = new Set([
  'Room',
  'Rooms',
  'Bed',
  'Beds',
  'Bay',
  'Ward',
  'Care',
  'Unit',
  'Transport',
  'Services',
  'Supplies',
  'Floor',
  'Area',
  'Lounge',
  'Wing',
  'Safety',
  'Education',
  'Access',
  'Intake',
  'Registration',
  'Clinic',
  'Office',
]);

function compileCaseInsensitive(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'iu');
  } catch {
    return null;
  }
}

const compileDefault: CompilePattern = (pattern) => {
  const regexp = compileCaseInsensitive(pattern);
  return regexp ? (text) => regexp.test(text) : null;
};

function hasBareRecordNumber(text: string): boolean {
  for (const match of text.matchAll(BARE_LONG_NUMBER)) {
    const start = Math.max(0, match.index - NEARBY_CHARACTERS);
    const end = match.index + match[0].length + NEARBY_CHARACTERS;
    if (PATIENT_WORD.test(text.slice(start, end))) return true;
  }
  return false;
}

function hasPatientName(text: string): boolean {
  for (const match of text.matchAll(PATIENT_NAME)) {
    const word = match[1];
    if (word && !NOT_A_NAME.has(word)) return true;
  }
  return false;
}

/** Cyrillic and Greek letters drawn like the Latin ones of MRN, DOB, SSN, patient: each above its Latin twin. */
const LOOK_ALIKE_LETTERS = 'АВЕКМНОРСТХУІЅаеорсхуіѕΑΒΕΗΙΚΜΝΟΡΤΧο';
const LATIN_TWINS = 'ABEKMHOPCTXYISaeopcxyisABEHIKMNOPTXo';
const LOOK_ALIKES = new Map([...LOOK_ALIKE_LETTERS].map((letter, index) => [letter, LATIN_TWINS[index]!]));

/**
 * The text as the checks read it, so that a look-alike spelling cannot slip past them: full-width and
 * compatibility forms folded (NFKC: "４４５５" is "4455"), invisible format characters dropped
 * ("M\u200bRN"), every dash a hyphen, fraction and division slashes a slash, and Cyrillic or Greek
 * letters drawn like Latin ones read as those.
 */
export function comparableText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\p{Pd}/gu, '-')
    .replace(/[\u2044\u2215]/g, '/')
    .replace(/[\u0370-\u04ff]/g, (letter) => LOOK_ALIKES.get(letter) ?? letter);
}

/**
 * The first kind of patient data the text seems to hold, or null. Extra patterns are the
 * administrator's (checked with checkExtraPattern when saved; one that no longer compiles is skipped).
 */
export function findPatientData(
  written: string,
  extraPatterns: readonly string[] = [],
  options: PatientDataOptions = {},
): PatientDataFinding | null {
  const text = comparableText(written);
  if (!text.trim()) return null;
  if (SOCIAL_SECURITY_NUMBER.test(text)) return { kind: 'social security number' };
  if (DATE_OF_BIRTH.test(text)) return { kind: 'date of birth' };
  const compile = options.compilePattern ?? compileDefault;
  const recordPattern =
    compile(options.medicalRecordPattern?.trim() || DEFAULT_MEDICAL_RECORD_PATTERN) ??
    compile(DEFAULT_MEDICAL_RECORD_PATTERN);
  if (recordPattern?.(text) || hasBareRecordNumber(text)) return { kind: 'medical record number' };
  if (hasPatientName(text)) return { kind: 'patient name' };
  for (const pattern of extraPatterns) {
    if (compile(pattern)?.(text)) return { kind: 'pattern set by an administrator' };
  }
  return null;
}

/** The sentence a refusal answers, naming the field and what looked like patient data. */
export function describePatientDataFinding(fieldLabel: string, finding: PatientDataFinding): string {
  const what =
    finding.kind === 'pattern set by an administrator'
      ? 'this matches a pattern set by an administrator'
      : `this looks like a ${finding.kind}`;
  return `${fieldLabel}: ${what}. Supplier messages must not hold patient details; write the bed or room instead.`;
}

/**
 * Why an administrator's pattern cannot be used, or null when it can. Beyond compiling, a pattern
 * must not backtrack catastrophically: a repeated group that itself repeats or alternates
 * ("(a+)+", "(a|aa)*") and back-references are refused, since one such pattern could stall every order.
 */
export function checkExtraPattern(pattern: string, compile: CompilePattern = compileDefault): string | null {
  if (!pattern.trim()) return 'A pattern cannot be empty.';
  if (pattern.length > EXTRA_PATTERN_MAX_LENGTH) {
    return `A pattern can be at most ${EXTRA_PATTERN_MAX_LENGTH} characters.`;
  }
  if (!compileCaseInsensitive(pattern)) return `"${pattern}" is not a valid regular expression.`;
  if (/\\[1-9]|\\k</.test(pattern)) return `"${pattern}" uses a back-reference, which is not allowed.`;
  if (hasNestedRepetition(pattern)) {
    return `"${pattern}" repeats a group that itself repeats or alternates, which can stall the check; simplify it.`;
  }
  const matches = compile(pattern);
  if (!matches) {
    return `"${pattern}" cannot be checked in linear time (no look-arounds or back-references); simplify it.`;
  }
  const ordinary = ORDINARY_WARD_NOTES.find((note) => matches(note));
  if (ordinary !== undefined) {
    return `"${pattern}" matches ${ordinary ? `an ordinary note ("${ordinary}")` : 'an empty note'}: it would refuse every note.`;
  }
  return null;
}

/** All of an administrator's patterns: count, then each one. */
export function checkExtraPatterns(
  patterns: readonly string[],
  compile: CompilePattern = compileDefault,
): string | null {
  if (patterns.length > EXTRA_PATTERN_MAX_COUNT) return `At most ${EXTRA_PATTERN_MAX_COUNT} patterns can be set.`;
  for (const pattern of patterns) {
    const problem = checkExtraPattern(pattern, compile);
    if (problem) return problem;
  }
  return null;
}

interface OpenGroup {
  hasRepetition: boolean;
  hasAlternation: boolean;
}

/** A quantifier that can repeat more than once: *, +, {n,} or {n,m} with m > 1. */
function repeatsAt(pattern: string, index: number): number {
  const char = pattern[index];
  if (char === '*' || char === '+') return 1;
  if (char !== '{') return 0;
  const bounds = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
  if (!bounds) return 0;
  const upper = bounds[2] === undefined ? Number(bounds[1]) : bounds[3] === '' ? Infinity : Number(bounds[3]);
  return upper > 1 ? bounds[0].length : 0;
}

function hasNestedRepetition(pattern: string): boolean {
  const stack: OpenGroup[] = [{ hasRepetition: false, hasAlternation: false }];
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    const current = stack[stack.length - 1];
    if (!current) return true;
    if (char === '\\') {
      index += 1;
      if (!inClass && repeatsAt(pattern, index + 1) > 0) current.hasRepetition = true;
      continue;
    }
    if (inClass) {
      if (char === ']') {
        inClass = false;
        if (repeatsAt(pattern, index + 1) > 0) current.hasRepetition = true;
      }
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') stack.push({ hasRepetition: false, hasAlternation: false });
    else if (char === '|') current.hasAlternation = true;
    else if (char === ')') {
      const closed = stack.pop();
      const parent = stack[stack.length - 1];
      if (!closed || !parent) return true;
      const repeated = repeatsAt(pattern, index + 1) > 0;
      if (repeated && (closed.hasRepetition || closed.hasAlternation)) return true;
      if (repeated || closed.hasRepetition) parent.hasRepetition = true;
    } else if (repeatsAt(pattern, index) > 0) current.hasRepetition = true;
  }
  return false;
}
