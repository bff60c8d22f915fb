import v8 from 'node:v8';

import type { CompilePattern } from '../contracts/supplier-text.rules.js';

// V8's linear-time regular expression engine (the `l` flag): an administrator's pattern runs on
// every order's free text in the request path, and a backtracking pattern ("\d*\d*\d*x") on a
// 500-character note would stall the event loop for every user. Only the flag's own engine is
// switched on; other regular expressions are compiled as before.
v8.setFlagsFromString('--enable-experimental-regexp-engine');

/** Compiled patterns by their text: the same few are checked on every order that carries a note. */
const compiledPatterns = new Map<string, ReturnType<CompilePattern>>();
const MAX_COMPILED_PATTERNS = 200;

/**
 * An administrator's pattern on the linear-time engine, or null when it cannot run there (look-arounds,
 * back-references). That engine has no case-insensitive mode, so the text is tried as written, in
 * capitals and in small letters: "MRN\d+" matches "mrn 123" too. Compiled once per pattern text
 * (no `g` flag, so a compiled pattern keeps no state between texts).
 */
export const compileLinearPattern: CompilePattern = (pattern) => {
  if (compiledPatterns.has(pattern)) return compiledPatterns.get(pattern) ?? null;
  const matcher = compileOnce(pattern);
  if (compiledPatterns.size >= MAX_COMPILED_PATTERNS) {
    const oldest = compiledPatterns.keys().next().value;
    if (oldest !== undefined) compiledPatterns.delete(oldest);
  }
  compiledPatterns.set(pattern, matcher);
  return matcher;
};

function compileOnce(pattern: string): ReturnType<CompilePattern> {
  let regexp: RegExp;
  try {
    // eslint-disable-next-line no-invalid-regexp -- `l` is V8's linear-engine flag, switched on above
    regexp = new RegExp(pattern, 'l');
  } catch {
    return null;
  }
  return (text) => regexp.test(text) || regexp.test(text.toUpperCase()) || regexp.test(text.toLowerCase());
}
