import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

interface DateRangeFieldsProps {
  startDate: string;
  endDate: string;
  onStartDateChange(value: string): void;
  onEndDateChange(value: string): void;
  /** The server's field errors (start_date, end_date). */
  errors: Readonly<Record<string, string>>;
  /** Shown under the end date while it has no error. */
  endDateHelp?: string;
}

/** A standing order's first and (optional) last day: the same fields when it is made and edited. */
export function DateRangeFields({
  startDate,
  endDate,
  onStartDateChange,
  onEndDateChange,
  errors,
  endDateHelp,
}: DateRangeFieldsProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label="Start date"
        type="date"
        value={startDate}
        onChange={(event) => onStartDateChange(event.target.value)}
        error={Boolean(errors.start_date)}
        helperText={errors.start_date}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="End date (optional)"
        type="date"
        value={endDate}
        onChange={(event) => onEndDateChange(event.target.value)}
        error={Boolean(errors.end_date)}
        helperText={errors.end_date ?? endDateHelp}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
