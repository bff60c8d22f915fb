import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** A notification with a title and a line of text ('Bootstrap Skipped' / 'Catalog already initialized.'). */
export function ToastMessage({ title, text, severity }: { title: string; text: string; severity: AlertColor }) {
  return (
    <Alert severity={severity} variant="filled" sx={{ minWidth: 300 }}>
      <AlertTitle>{title}</AlertTitle>
      {text}
    </Alert>
  );
}
