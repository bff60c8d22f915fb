import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';

import type { ScheduleDraft } from '../standing-order-form.rules';
import { weekdayName } from '@supply-hub/api/contracts/standing-order-text.rules';

interface ScheduleFieldsProps {
  value: ScheduleDraft;
  onChange(value: ScheduleDraft): void;
  /** The server's field errors (schedule.weekdays, schedule.day). */
  errors: Readonly<Record<string, string>>;
}

/** Weekly on weekdays or monthly on a day: the same fields when a standing order is made and edited. */
export function ScheduleFields({ value, onChange, errors }: ScheduleFieldsProps) {
  return (
    <>
      <RadioGroup
        row
        aria-label="Schedule"
        value={value.kind}
        onChange={(event) => onChange({ ...value, kind: event.target.value as ScheduleDraft['kind'] })}
      >
        <FormControlLabel value="weekly" control={<Radio />} label="Weekly" />
        <FormControlLabel value="monthly" control={<Radio />} label="Monthly" />
      </RadioGroup>
      {value.kind === 'weekly' ? (
        <FormGroup row aria-label="Weekdays">
          {[1, 2, 3, 4, 5, 6, 7].map((weekday) => (
            <FormControlLabel
              key={weekday}
              label={weekdayName(weekday)}
              control={
                <Checkbox
                  checked={value.weekdays.includes(weekday)}
                  onChange={(event) =>
                    onChange({
                      ...value,
                      weekdays: event.target.checked
                        ? [...value.weekdays, weekday]
                        : value.weekdays.filter((day) => day !== weekday),
                    })
                  }
                />
              }
            />
          ))}
        </FormGroup>
      ) : (
        <TextField
          label="Day of the month"
          type="number"
          value={value.day}
          onChange={(event) => onChange({ ...value, day: event.target.value })}
          error={Boolean(errors['schedule.day'])}
          helperText={errors['schedule.day'] ?? '1 to 31; in a shorter month, its last day'}
          slotProps={{ htmlInput: { min: 1, max: 31 } }}
        />
      )}
      {value.kind === 'weekly' && errors['schedule.weekdays'] && (
        <Alert severity="error">{errors['schedule.weekdays']}</Alert>
      )}
    </>
  );
}
