/** How far back the Budget vs actual period filter reaches. */
export const BUDGET_REPORT_MONTHS_BACK = 24;

/** 'YYYY-MM' of `current` and the months before it, newest first. */
export function monthsBack(current: string, count: number = BUDGET_REPORT_MONTHS_BACK): string[] {
  const [year = 2000, month = 1] = current.split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - index, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** 'November 2026' for '2026-11'. */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}
