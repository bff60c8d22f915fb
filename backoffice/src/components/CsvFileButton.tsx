import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

interface CsvFileButtonProps {
  label: string;
  onChoose(file: File | undefined): void;
  startIcon?: ReactNode;
  fullWidth?: boolean;
}

/** A button that opens the file chooser for one CSV file (the input is the button's label). */
export function CsvFileButton({ label, onChoose, startIcon, fullWidth }: CsvFileButtonProps) {
  return (
    <Button component="label" variant="outlined" startIcon={startIcon} fullWidth={fullWidth}>
      {label}
      <input
        hidden
        type="file"
        accept=".csv,text/csv"
        aria-label={label}
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
    </Button>
  );
}
