import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import { MAX_LINE_QUANTITY } from '@supply-hub/api/contracts/cart.rules';
import { useState } from 'react';

/** provider-portal §9: quantity minimum 1. */
const MIN_QUANTITY = 1;

function clamp(value: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(value)));
}

interface QuantityStepperProps {
  value: number;
  onChange(value: number): void;
  /** Names the group for screen readers, e.g. the product's title. */
  label: string;
  disabled?: boolean;
}

/** Minus, a number field and plus; never below 1. */
export function QuantityStepper({ value, onChange, label, disabled = false }: QuantityStepperProps) {
  // What the user is typing; a cleared field stays empty until it loses focus.
  const [draft, setDraft] = useState<string | null>(null);

  return (
    <Stack
      role="group"
      aria-label={`Quantity of ${label}`}
      direction="row"
      sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <IconButton
        size="small"
        aria-label="Decrease quantity"
        disabled={disabled || value <= MIN_QUANTITY}
        onClick={() => onChange(clamp(value - 1))}
      >
        <Remove fontSize="small" />
      </IconButton>
      <InputBase
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(event) => {
          const text = event.target.value.replace(/\D/g, '');
          setDraft(text);
          if (text) onChange(clamp(Number(text)));
        }}
        onBlur={() => setDraft(null)}
        inputProps={{
          'aria-label': 'Quantity',
          inputMode: 'numeric',
          min: MIN_QUANTITY,
          max: MAX_LINE_QUANTITY,
          style: { textAlign: 'center', width: '3.5ch', padding: 0 },
        }}
      />
      <IconButton
        size="small"
        aria-label="Increase quantity"
        disabled={disabled || value >= MAX_LINE_QUANTITY}
        onClick={() => onChange(clamp(value + 1))}
      >
        <Add fontSize="small" />
      </IconButton>
    </Stack>
  );
}
