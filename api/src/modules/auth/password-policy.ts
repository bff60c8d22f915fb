import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { selectCompanyName } from './auth.queries.js';
import type { PasswordContext } from './password-strength.rules.js';

/**
 * Refuses a weak password wherever one is set (sign-up, reset, accounts made by the CLI):
 * 400 WEAK_PASSWORD with zxcvbn's reasons as the password field's error, for the form to show.
 */
export async function assertStrongPassword(
  db: Db,
  password: string,
  person: Omit<PasswordContext, 'companyName'>,
): Promise<void> {
  // zxcvbn's dictionaries take about 15 MB: loaded when a password is first set, not at every start.
  const { judgePassword } = await import('./password-strength.rules.js');
  const verdict = judgePassword(password, { ...person, companyName: await selectCompanyName(db) });
  if (verdict.isStrong) return;
  throw new AppError(
    400,
    'WEAK_PASSWORD',
    'This password is too easy to guess.',
    { password: verdict.reasons.join(' ') },
    { reasons: verdict.reasons },
  );
}
