import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import type { SettingsInputs, SettingsKind } from '../../providers/records';

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
