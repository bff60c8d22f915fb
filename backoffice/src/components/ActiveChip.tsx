import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * The Active column of a resource that is deactivated rather than deleted (departments, locations):
 * green "Active" or grey "Deactivated", in the resource's own words (`<prefix>.active`, `.inactive`).
 */
export function ActiveChip({ messages }: { messages: string }) {
  const translate = useTranslate();
  const record = useRecordContext<{ active: boolean }>();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.active ? 'success' : 'default'}
      label={translate(record.active ? `${messages}.active` : `${messages}.inactive`)}
    />
  );
}
