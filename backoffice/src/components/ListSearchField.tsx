import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

import type { FilterSetter } from './useListFilterSetter';

const DEBOUNCE_MS = 500;

export interface ListSearchFieldProps {
  label: string;
  placeholder?: string;
  source?: string;
  setFilter: FilterSetter;
}

/** A labelled search box bound to one filter of the surrounding list, applied 500 ms after typing stops. */
export function ListSearchField({ label, placeholder, source = 'q', setFilter }: ListSearchFieldProps) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const [value, setValue] = useState<string>(() => String((filterValues as Record<string, unknown>)[source] ?? ''));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function change(next: string) {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFilter(source, next.trim() || undefined), DEBOUNCE_MS);
  }

  return (
    <TextField
      type="search"
      size="small"
      fullWidth={false}
      label={translate(label)}
      placeholder={placeholder ? translate(placeholder) : undefined}
      value={value}
      onChange={(event) => change(event.target.value)}
      sx={{ minWidth: 280 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
