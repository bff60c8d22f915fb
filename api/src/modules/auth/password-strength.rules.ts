import { dictionary } from '@zxcvbn-ts/language-common';

/** The 49k most common passwords of the zxcvbn-ts dictionary (lower-case). */
const COMMON_PASSWORDS = new Set<string>(dictionary['passwords-common'] as string[]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
