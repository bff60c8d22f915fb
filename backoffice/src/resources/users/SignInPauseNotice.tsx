import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { requesterDisplayName } from '@supply-hub/api/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import { formatDateTime } from '../../i18n/format';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorMessageOf } from '../../providers/httpClient';
import type { AdminUser } from '../../providers/records';

/** While an account's sign-in is paused (docs/security-sign-in.md): when it ends, and Unlock. */
export function SignInPauseNotice() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  const [isConfirming, setConfirming] = useState(false);
  const unlock = useMutation({
    mutationFn: (userId: string) => dataProvider.unlockSignIn(userId),
    onSuccess: (updated) => {
      notify('supply_hub.users.unlocked_done', {
        type: 'success',
        messageArgs: { name: requesterDisplayName(updated) },
      });
      refresh();
    },
    onError: (error) => notify(errorMessageOf(error, translate('supply_hub.common.save_failed')), { type: 'error' }),
    onSettled: () => setConfirming(false),
  });
  if (!user?.sign_in_paused_until) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
      <Tooltip title={translate('supply_hub.users.sign_in_paused_hint')}>
        <Chip
          size="small"
          color="warning"
          label={translate('supply_hub.users.sign_in_paused', { time: formatDateTime(user.sign_in_paused_until) })}
        />
      </Tooltip>
      <Button size="small" onClick={() => setConfirming(true)}>
        {translate('supply_hub.users.unlock')}
      </Button>
      <Confirm
        isOpen={isConfirming}
        loading={unlock.isPending}
        title="supply_hub.users.unlock_title"
        content="supply_hub.users.unlock_content"
        translateOptions={{ name: requesterDisplayName(user) }}
        confirm="supply_hub.users.unlock"
        onConfirm={() => unlock.mutate(user.id)}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
