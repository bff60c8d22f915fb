import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/** 'Saved ✓' shows for 3 s (admin-portal §4). */
const SAVED_VISIBLE_MS = 3000;

export type Feedback = { kind: 'idle' } | { kind: 'saved'; at: number } | { kind: 'error'; message: string };

/** The save confirmation beside a card's button: 'Saved ✓' for 3 s, or the error until the next try. */
export function SaveFeedback({ feedback }: { feedback: Feedback }) {
  const translate = useTranslate();
  const [hiddenAt, setHiddenAt] = useState<number | null>(null);
  const savedAt = feedback.kind === 'saved' ? feedback.at : null;

  useEffect(() => {
    if (savedAt === null) return undefined;
    const timer = setTimeout(() => setHiddenAt(savedAt), SAVED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const text =
    feedback.kind === 'error'
      ? feedback.message
      : feedback.kind === 'saved' && hiddenAt !== feedback.at
        ? translate('supply_hub.common.saved')
        : '';
  return (
    <Typography
      role="status"
      sx={{ color: feedback.kind === 'error' ? 'error.main' : 'success.main', fontWeight: 500 }}
    >
      {text}
    </Typography>
  );
}
