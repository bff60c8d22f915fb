import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf } from '../../providers/httpClient';
import type { SettingsInputs, SettingsKind } from '../../providers/records';
import type { Feedback } from './SaveFeedback';

/** GET /api/admin/settings/{kind}. */
export function useSettings<K extends SettingsKind>(kind: K) {
  const dataProvider = useSupplyHubDataProvider();
  return useQuery({ queryKey: ['settings', kind], queryFn: () => dataProvider.getSettings(kind), retry: false });
}

/** PUT /api/admin/settings/{kind}; the answer replaces what the card shows. */
export function useSaveSettings<K extends SettingsKind>(kind: K) {
  const dataProvider = useSupplyHubDataProvider();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsInputs[K]) => dataProvider.saveSettings(kind, values),
    onSuccess: (saved) => queryClient.setQueryData(['settings', kind], saved),
  });
}

/**
 * A settings card's form submission: saves, shows 'Saved ✓' or the failure beside the button, and
 * hands the server's field errors back to the form. `describeFailure` words the failure when the
 * card says more than the common 'Error saving'.
 */
export function useSettingsSubmit<K extends SettingsKind>(kind: K, describeFailure?: (error: unknown) => string) {
  const save = useSaveSettings(kind);
  return useSubmitFeedback((values) => save.mutateAsync(values as SettingsInputs[K]), describeFailure);
}

/** The submission and its 'Saved ✓' or failure feedback, for any save (a settings kind or another settings API). */
export function useSubmitFeedback(
  save: (values: Record<string, unknown>) => Promise<unknown>,
  describeFailure?: (error: unknown) => string,
) {
  const translate = useTranslate();
  const [feedback, setFeedback] = useState<Feedback>({ kind: 'idle' });

  async function submit(values: Record<string, unknown>) {
    try {
      await save(values);
      setFeedback({ kind: 'saved', at: Date.now() });
      return undefined;
    } catch (error) {
      const message = describeFailure?.(error) ?? translate('supply_hub.common.error_saving');
      setFeedback({ kind: 'error', message });
      return errorBodyOf(error)?.errors;
    }
  }

  return { submit, feedback };
}
