import type { StandingScheduleInput } from './standing-orders.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** ISO weekday 1 … 7 as its name. */
export function weekdayName(day: number): string {
  return WEEKDAYS[day - 1] ?? String(day);
}

/** "Every Monday and Thursday", "Monthly on day 31 (the month's last day when shorter)". */
export function scheduleText(schedule: StandingScheduleInput): string {
  if (schedule.kind === 'monthly') {
    return schedule.day > 28
      ? `Monthly on day ${schedule.day} (the month’s last day when it is shorter)`
      : `Monthly on day ${schedule.day}`;
  }
  const names = [...schedule.weekdays].sort((a, b) => a - b).map(weekdayName);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return `Every ${listed}`;
}
