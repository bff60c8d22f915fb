import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';

/**
 * Calls `onInvalid` when a submit is refused by validation: the form-level counterpart of
 * react-admin's 'The form is not valid' toast, for forms that say so in their own status line
 * (which the next save replaces), instead of a toast that outlives the next successful save.
 */
export function InvalidSubmitWatcher({ onInvalid }: { onInvalid: () => void }) {
  const { submitCount, errors } = useFormState();
  const seenSubmits = useRef(submitCount);
  useEffect(() => {
    if (submitCount <= seenSubmits.current) return;
    seenSubmits.current = submitCount;
    if (Object.keys(errors).length > 0) onInvalid();
  }, [submitCount, errors, onInvalid]);
  return null;
}
