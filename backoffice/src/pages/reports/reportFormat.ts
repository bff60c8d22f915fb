/** Figures of the reports and the dashboard; money goes through i18n/format's formatUsd. */
export const formatCount = new Intl.NumberFormat('en-US').format;

const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A report day ('2026-11-21') as 'Nov 21, 2026': the calendar day it is, whatever the browser's zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : shortDate.format(date);
}
