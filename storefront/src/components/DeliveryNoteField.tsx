import TextField from '@mui/material/TextField';
import { SUPPLIER_TEXT_MAX_LENGTH } from '@supply-hub/api/contracts';

/**
 * Optional delivery instructions for the supplier ("deliver to bed bay 3"). The supplier reads
 * them, so they must not name a patient: the server refuses one that seems to (PHI_IN_SUPPLIER_TEXT).
 */
export function DeliveryNoteField({
  value,
  onChange,
  disabled = false,
  error = null,
}: {
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  error?: string | null;
}) {
  return (
    <TextField
      label="Delivery instructions (optional)"
      size="small"
      multiline
      minRows={1}
      maxRows={4}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      error={error !== null}
      helperText={
        error ??
        `${value.trim().length}/${SUPPLIER_TEXT_MAX_LENGTH} · for the supplier: bed or room, no patient details`
      }
      slotProps={{ htmlInput: { maxLength: SUPPLIER_TEXT_MAX_LENGTH, 'aria-label': 'Delivery instructions' } }}
    />
  );
}
