/**
 * When a standing order falls due. Everything here is a calendar date (YYYY-MM-DD)
 * of the company's time zone: "every Monday" means the company's Monday, whatever the server's
 * clock says, and an occurrence is identified by its date (one order per standing order and date).
 */

/** ISO weekdays: 1 Monday … 7 Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type StandingSchedule =
  | { kind: 'weekly'; weekdays: readonly IsoWeekday[] }
  /** Day 29–31 in a shorter month falls on its last day: "the 31st" is every month's end. */
  | { kind: 'monthly'; day: number };

export interface StandingOrderPlan {
  schedule: StandingSchedule;
  start_date: string;
  /** Inclusive; null: until paused or changed. */
  end_date: string | null;
}

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

function fromUtc(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The calendar date an instant falls on in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

function isoWeekday(date: string): IsoWeekday {
  const day = new Date(toUtc(date)).getUTCDay();
  return (day === 0 ? 7 : day) as IsoWeekday;
}

function lastDayOfMonth(date: string): number {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether the plan has an occurrence on `date`. */
export function fallsOn(plan: StandingOrderPlan, date: string): boolean {
  if (date < plan.start_date || (plan.end_date !== null && date > plan.end_date)) return false;
  if (plan.schedule.kind === 'weekly') return plan.schedule.weekdays.includes(isoWeekday(date));
  const day = Number(date.slice(8, 10));
  return day === Math.min(plan.schedule.day, lastDayOfMonth(date));
}

/** The occurrence dates in [from, to], oldest first (a job catching up after downtime walks these). */
export function occurrenceDates(plan: StandingOrderPlan, from: string, to: string): string[] {
  const dates: string[] = [];
  for (let time = toUtc(from); time <= toUtc(to); time += DAY_MS) {
    const date = fromUtc(time);
    if (fallsOn(plan, date)) dates.push(date);
  }
  return dates;
}

/** The first occurrence on or after `date`, looking at most a year and a day ahead; null when none. */
export function nextOccurrence(plan: StandingOrderPlan, date: string): string | null {
  const from = date < plan.start_date ? plan.start_date : date;
  const limit = fromUtc(toUtc(from) + 366 * DAY_MS);
  const to = plan.end_date !== null && plan.end_date < limit ? plan.end_date : limit;
  return occurrenceDates(plan, from, to)[0] ?? null;
}

/**
 * The date the next order will be created on: the first occurrence from today on that has not run
 * yet. Once today's occurrence has run (ordered, skipped or claimed), it is the one after it; an
 * occurrence is run once, so a date already run is never the next.
 */
export function nextOrderDate(plan: StandingOrderPlan, today: string, latestRunDate: string | null): string | null {
  const from = latestRunDate !== null && latestRunDate >= today ? fromUtc(toUtc(latestRunDate) + DAY_MS) : today;
  return nextOccurrence(plan, from);
}
