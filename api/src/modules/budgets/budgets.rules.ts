import type { BudgetPeriod, BudgetPolicy } from '../../contracts/budgets.js';
import { formatUsd } from '../../contracts/money-format.js';

/**
 * Budget periods and arithmetic, pure. Time zone: a period is the calendar month,
 * quarter or year in the company's time zone (Settings → Company, the one the reports use), so
 * "November" means the same on the dashboard, in the report and in the refusal. An order belongs
 * to the period of its submission instant (orders.created_at); periods are half-open [start, end).
 */

export interface BudgetPeriodWindow {
  start: Date;
  /** The first instant after the period. */
  end: Date;
  /** 'November', 'Q4 2026' or '2026': what the screens and the refusal call it. */
  label: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `instant` in `timeZone`, as numbers (month 1–12). */
function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of local midnight starting the first day of `month` (1–12, may overflow) of `year`. */
function localMonthStart(year: number, month: number, timeZone: string): Date {
  const wallAsUtc = Date.UTC(year, month - 1, 1);
  // Twice: the offset at the guess may differ from the offset at the answer (a DST change).
  const guess = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  return new Date(wallAsUtc - offsetAt(guess, timeZone));
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_IN: Record<BudgetPeriod, number> = { month: 1, quarter: 3, year: 12 };

/** The period of kind `period` that contains `now`, in `timeZone`. */
export function budgetPeriodAt(period: BudgetPeriod, now: Date, timeZone: string): BudgetPeriodWindow {
  const { year, month } = wallClock(now.getTime(), timeZone);
  const length = MONTHS_IN[period];
  const firstMonth = Math.floor((month - 1) / length) * length + 1;
  const label =
    period === 'month'
      ? MONTH_NAMES[month - 1]!
      : period === 'quarter'
        ? `Q${Math.floor((month - 1) / 3) + 1} ${year}`
        : String(year);
  return {
    start: localMonthStart(year, firstMonth, timeZone),
    end: localMonthStart(year, firstMonth + length, timeZone),
    label,
  };
}

/** 'YYYY-MM': the calendar month containing `now` in `timeZone` (the report's default period). */
export function monthAt(now: Date, timeZone: string): string {
  const { year, month } = wallClock(now.getTime(), timeZone);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * The period of kind `period` containing the calendar month `month` ('YYYY-MM') of `timeZone`: the
 * report's period filter, so an earlier month shows that month, its quarter or its year.
 */
export function budgetPeriodOfMonth(period: BudgetPeriod, month: string, timeZone: string): BudgetPeriodWindow {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const window = budgetPeriodAt(period, localMonthStart(year, monthNumber, timeZone), timeZone);
  // Earlier months are named with their year ('October 2025'); quarters and years already are.
  return period === 'month' ? { ...window, label: `${window.label} ${year}` } : window;
}

export interface BudgetFigures {
  amountCents: number;
  committedCents: number;
  spentCents: number;
  /** amount − committed; negative when an amount was lowered below what is committed. */
  remainingCents: number;
  /** committed ÷ amount, in whole percent (0 for a zero amount with nothing committed). */
  usedPercent: number;
}

export function budgetFigures(amountCents: number, committedCents: number, spentCents: number): BudgetFigures {
  return {
    amountCents,
    committedCents,
    spentCents,
    remainingCents: amountCents - committedCents,
    usedPercent: percentOf(committedCents, amountCents),
  };
}

function percentOf(part: number, whole: number): number {
  if (whole <= 0) return part > 0 ? 100 : 0;
  return Math.floor((part * 100) / whole);
}

export type BudgetVerdict = 'within' | 'warn' | 'refuse';

/**
 * What a submission of `orderCents` does against `remainingCents`: taking exactly what remains is
 * within budget; more is refused under stop and allowed but flagged under warn.
 */
export function budgetVerdict(policy: BudgetPolicy, remainingCents: number, orderCents: number): BudgetVerdict {
  if (orderCents <= remainingCents) return 'within';
  return policy === 'stop' ? 'refuse' : 'warn';
}

/** Who may raise a department's budget (the budgets API writes for admins only; finance reads). */
export const BUDGET_RAISERS = 'an administrator';

/**
 * The refusal a nurse reads, naming who can raise the budget, since a stop budget refuses even a
 * STAT order: 'This order exceeds the ICU budget for November: $40.00 remains. Only an
 * administrator can raise the budget.'
 */
export function budgetRefusalMessage(department: string, periodLabel: string, remainingCents: number): string {
  return (
    `This order exceeds the ${department} budget for ${periodLabel}: ${usd(Math.max(remainingCents, 0))} remains. ` +
    `Only ${BUDGET_RAISERS} can raise the budget.`
  );
}

/**
 * The refusal of an order over the requester's monthly limit: 'This order would take
 * you over your monthly limit of $500.00: $40.00 remains this month.'
 */
export function monthlyLimitRefusalMessage(limitCents: number, remainingCents: number): string {
  return `This order would take you over your monthly limit of ${usd(limitCents)}: ${usd(Math.max(remainingCents, 0))} remains this month.`;
}

function usd(cents: number): string {
  const dollars = Math.floor(cents / 100).toLocaleString('en-US');
  return `$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

/** Whether committing `orderCents` more takes the period across the alert threshold (percent). */
export function crossesAlertThreshold(
  amountCents: number,
  committedBeforeCents: number,
  orderCents: number,
  thresholdPercent: number,
): boolean {
  const line = amountCents * thresholdPercent;
  return committedBeforeCents * 100 < line && (committedBeforeCents + orderCents) * 100 >= line;
}

/** Cents from a decimal string ("40.00"), exactly. */
export function centsOf(amount: string): number {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -cents : cents;
}

/** A decimal string ("-12.50") from cents. */
export function moneyOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/**
 * The budget alert's subject and text, amounts in the one money format ('Remaining: -$889.47.'):
 * a period over its budget shows what it is over as a negative amount.
 */
export function budgetAlertMail(alert: {
  department: string;
  departmentCode: string;
  periodLabel: string;
  usedPercent: number;
  amount: string;
  committed: string;
  remaining: string;
  policy: BudgetPolicy;
}): { subject: string; text: string } {
  const policy =
    alert.policy === 'stop'
      ? 'orders over the remaining budget are refused'
      : 'orders over the remaining budget are flagged';
  return {
    subject: `Budget alert: ${alert.department} has committed ${alert.usedPercent}% of its ${alert.periodLabel} budget`,
    text: [
      `${alert.department} (${alert.departmentCode}) has committed ${alert.usedPercent}% of its budget for ${alert.periodLabel}.`,
      `Amount: ${formatUsd(alert.amount)}. Committed: ${formatUsd(alert.committed)}. Remaining: ${formatUsd(alert.remaining)}.`,
      `Policy: ${policy}.`,
    ].join('\n'),
  };
}
