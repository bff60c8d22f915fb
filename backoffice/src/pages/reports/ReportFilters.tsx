import FilterAltIcon from '@mui/icons-material/FilterAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { dateRangeProblem } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';

import { RANGE_PRESETS, presetOf, presetRange, type RangePreset, type ReportRange } from './reportRange';
import { useReportsText } from './useReportsText';

export interface ReportFiltersProps {
  /** The applied range; mount with a key of it so that the inputs start from it. */
  range: ReportRange;
  today: string;
  onApply: (range: ReportRange) => void;
}

/**
 * Presets (applied at once), from and to date inputs and Apply Filters (admin-portal §2.3). A range
 * the API would refuse (reversed, too long) is stopped here with the same rule and its message: no
 * request is made and the page keeps showing the range it had.
 */
export function ReportFilters({ range, today, onApply }: ReportFiltersProps) {
  const text = useReportsText();
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<string | null>(null);
  const change = (next: ReportRange) => {
    setDraft(next);
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = draft.from && draft.to ? dateRangeProblem(draft.from, draft.to) : null;
    setProblem(refusal);
    if (!refusal) onApply(draft);
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      aria-label={text('reports.filters')}
      onSubmit={submit}
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label={text('reports.presets')}
        value={presetOf(range, today) ?? null}
        onChange={(_, preset: RangePreset | null) => preset && onApply(presetRange(preset, today))}
      >
        {RANGE_PRESETS.map((preset) => (
          <ToggleButton key={preset} value={preset}>
            {text(`reports.preset.${preset}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <TextField
          type="date"
          size="small"
          label={text('reports.from')}
          value={draft.from}
          onChange={(event) => change({ ...draft, from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth={false}
          margin="none"
          sx={{ width: 180 }}
          required
        />
        <TextField
          type="date"
          size="small"
          label={text('reports.to')}
          value={draft.to}
          onChange={(event) => change({ ...draft, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth={false}
          margin="none"
          sx={{ width: 180 }}
          required
          error={Boolean(problem)}
        />
        <Button type="submit" variant="contained" startIcon={<FilterAltIcon />}>
          {text('reports.apply')}
        </Button>
      </Box>
      {problem && (
        <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }}>
          {problem}
        </Alert>
      )}
    </Paper>
  );
}
