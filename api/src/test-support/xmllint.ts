import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { REPO_ROOT } from '../config.js';

const DTD_FOLDER = path.join(REPO_ROOT, 'api/src/modules/supplier/cxml/dtd');

/**
 * Validates a document against one of our cXML DTDs with xmllint (Debian's libxml2-utils), an
 * implementation independent of the product's own. A missing xmllint fails the test: CI installs it.
 */
export function validateWithXmllint(
  xml: string,
  dtd: 'cXML.dtd' | 'Fulfill.dtd',
): { isValid: boolean; errors: string } {
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--dtdvalid', path.join(DTD_FOLDER, dtd), '-'], {
    input: xml,
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (result.error) {
    throw new Error(
      `xmllint could not run (${result.error.message}). Install it: apt-get install libxml2-utils. ` +
        'The DTD validation is required, not optional.',
    );
  }
  // The DOCTYPE names the DTD by URL; with --nonet xmllint warns that it did not fetch it. Harmless.
  const errors = result.stderr
    .split('\n')
    .filter(
      (line) => line.trim() && !/failed to load (external entity|"http)|network entity|^<!DOCTYPE|^\s*\^$/.test(line),
    )
    .join('\n');
  return { isValid: result.status === 0, errors };
}
