import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { requesterDisplayName } from '@supply-hub/api/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorMessageOf } from '../../providers/httpClient';
import type { AdminUser } from '../../providers/records';

/** Active or Disabled, with Disable/Enable behind a confirmation (the server guards self and last admin). */
export function AccountStatusCell() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  const [isConfirming, setConfirming] = useState(false);
  const toggle = useMutation({
    mutationFn: ({ userId, isDisabling }: { userId: string; isDisabling: boolean }) =>
      dataProvider.setUserDisabled(userId, isDisabling),
    onSuccess: (updated, { isDisabling }) => {
      notify(isDisabling ? 'supply_hub.users.disabled_done' : 'supply_hub.users.enabled_done', {
        type: 'success',
        messageArgs: { name: requesterDisplayName(updated) },
      });
      refresh();
    },
    onError: (error) => notify(errorMessageOf(error, translate('supply_hub.common.save_failed')), { type: 'error' }),
    onSettled: () => setConfirming(false),
  });
  if (!user) return null;
  const isDisabled = user.status === 'disabled';
  const name = requesterDisplayName(user);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={isDisabled ? 'default' : 'success'}
        variant="outlined"
        label={translate(isDisabled ? 'supply_hub.users.disabled' : 'supply_hub.users.active')}
      />
      <Button size="small" color={isDisabled ? 'primary' : 'error'} onClick={() => setConfirming(true)}>
        {translate(isDisabled ? 'supply_hub.users.enable' : 'supply_hub.users.disable')}
      </Button>
      <Confirm
        isOpen={isConfirming}
        loading={toggle.isPending}
        title={isDisabled ? 'supply_hub.users.enable_title' : 'supply_hub.users.disable_title'}
        content={isDisabled ? 'supply_hub.users.enable_content' : 'supply_hub.users.disable_content'}
        translateOptions={{ name }}
        confirm={isDisabled ? 'supply_hub.users.enable' : 'supply_hub.users.disable'}
        confirmColor={isDisabled ? 'primary' : 'warning'}
        onConfirm={() => toggle.mutate({ userId: user.id, isDisabling: !isDisabled })}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
