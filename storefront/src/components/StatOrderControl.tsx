import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { STAT_REASON_MAX, STAT_TOGGLE_LABEL, statReasonLength, statReasonProblem } from '@supply-hub/api/contracts';
import { useState } from 'react';

export interface StatOrderChoice {
  isUrgent: boolean;
  reason: string;
}

/**
 * The "STAT — needed today" switch and, once on, its required reason. `error` is shown under the
 * reason (a problem found on submit, or the server's answer for `urgent.reason`).
 */
export function StatOrderControl({
  value,
  onChange,
  error,
  disabled = false,
}: {
  value: StatOrderChoice;
  onChange(value: StatOrderChoice): void;
  error: string | null;
  disabled?: boolean;
}) {
  const length = statReasonLength(value.reason);
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Switch
            checked={value.isUrgent}
            color="error"
            disabled={disabled}
            onChange={(event) => onChange({ ...value, isUrgent: event.target.checked })}
          />
        }
        label={STAT_TOGGLE_LABEL}
      />
      {value.isUrgent && (
        <TextField
          label="Why is it needed today?"
          required
          size="small"
          value={value.reason}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, reason: event.target.value })}
          error={error !== null}
          helperText={error ?? `${length}/${STAT_REASON_MAX} · sent to the supplier: no patient details`}
          // The browser's maxLength counts UTF-16 units, two for an emoji: room for a reason of
          // STAT_REASON_MAX characters of any kind (the counter and the check count characters).
          slotProps={{ htmlInput: { maxLength: STAT_REASON_MAX * 2 + 20 } }}
        />
      )}
    </Stack>
  );
}

/** The choice and its problem, checked the way the API checks it; `urgent` is what the request sends. */
export function useStatOrderChoice() {
  const [choice, setChoice] = useState<StatOrderChoice>({ isUrgent: false, reason: '' });
  const [error, setError] = useState<string | null>(null);
  return {
    choice,
    error,
    setError,
    change(next: StatOrderChoice) {
      setChoice(next);
      setError(null);
    },
    reset() {
      setChoice({ isUrgent: false, reason: '' });
      setError(null);
    },
    /** The request's `urgent` (undefined when not STAT), or null when the reason is not acceptable (the error is shown). */
    validate(): { urgent?: { reason: string } } | null {
      if (!choice.isUrgent) return {};
      const problem = statReasonProblem(choice.reason);
      setError(problem);
      return problem ? null : { urgent: { reason: choice.reason.trim() } };
    },
  };
}
