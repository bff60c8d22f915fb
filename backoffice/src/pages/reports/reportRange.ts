import { REPORT_DEFAULT_RANGE_DAYS, addDays, type ReportFilters } from '@supply-hub/api/contracts';

/** A range of whole days, both ends included, as reports-query takes it. */
export type ReportRange = ReportFilters;

export const RANGE_PRESETS = ['today', 'last_7_days', 'last_30_days', 'this_month', 'last_month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const pad = (value: number) => String(value).padStart(2, '0');

/** Today in the browser's timezone, 'YYYY-MM-DD'. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** admin-portal §2.3 and §9: the default range is the last 30 days, today included. */
export function defaultRange(today: string): ReportRange {
  return { from: addDays(today, -(REPORT_DEFAULT_RANGE_DAYS - 1)), to: today };
}

/** The presets of admin-portal §2.3, ending today except Last Month (its whole calendar month). */
export function presetRange(preset: RangePreset, today: string): ReportRange {
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return defaultRange(today);
    case 'this_month':
      return { from: firstOfMonth, to: today };
    case 'last_month': {
      const lastOfPrevious = addDays(firstOfMonth, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
  }
}

/** The preset a range is, if any: its button shows as selected. */
export function presetOf(range: ReportRange, today: string): RangePreset | undefined {
  return RANGE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  });
}
