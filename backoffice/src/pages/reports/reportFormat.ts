/** Figures of the reports and the dashboard; money goes through the contracts' formatUsd (money-format). */
export const formatCount = new Intl.NumberFormat('en-US').format;

const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A report day ('2026-11-21') as 'Nov 21, 2026': the calendar day it is, whatever the browser's zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : shortDate.format(date);
}

const tickDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const tickMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A series point's day on the chart's axis: 'Nov 3' for days and weeks, 'Nov 2026' for months. */
export function formatTick(day: string, bucket: 'day' | 'week' | 'month'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (bucket === 'month' ? tickMonth : tickDay).format(date);
}

/** A series point in words: 'Nov 3, 2026', or 'Nov 2026' for a month. */
export function formatPoint(day: string, bucket: 'day' | 'week' | 'month'): string {
  return bucket === 'month' ? formatTick(day, bucket) : formatDay(day);
}
