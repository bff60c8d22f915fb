import { z } from 'zod';

/**
 * Money on the wire (docs/adr/0005-money-as-decimal-strings.md): the API answers decimal strings
 * ('24.95') and accepts exactly what it answers, plus the numbers forms have always sent. Parsed to
 * a number of dollars for the rules; every answer turns it back into a string with `toMoneyText`.
 */
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

export function moneyAmountSchema(invalidMessage?: string) {
  return z.union(
    [z.number(), z.string().trim().regex(DECIMAL_TEXT).transform(Number)],
    invalidMessage ? { error: invalidMessage } : undefined,
  );
}

/** Dollars with two decimals, as every answer carries money. */
export function toMoneyText(amount: number | string): string {
  return Number(amount).toFixed(2);
}

/** A money field of an answer: a decimal string with two decimals. */
export const moneyTextSchema = z.string().regex(/^-?\d+\.\d{2}$/);
