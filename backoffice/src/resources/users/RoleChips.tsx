import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { ROLES, requesterDisplayName, type Role } from '@supply-hub/api/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorMessageOf } from '../../providers/httpClient';
import type { AdminUser, RoleChange } from '../../providers/records';

/** The roles of an account as chips: remove one, or add one from the menu; the server's refusals shown. */
export function RoleChips() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const change = useMutation({
    mutationFn: ({ userId, role, kind }: { userId: string; role: Role; kind: RoleChange }) =>
      dataProvider.setUserRole(userId, role, kind),
    onSuccess: (updated, { role, kind }) => {
      notify(kind === 'grant' ? 'supply_hub.users.role_granted' : 'supply_hub.users.role_revoked', {
        type: 'success',
        messageArgs: { role: translate(`supply_hub.role.${role}`), name: requesterDisplayName(updated) },
      });
      refresh();
    },
    onError: (error) => notify(errorMessageOf(error, translate('supply_hub.common.save_failed')), { type: 'error' }),
  });
  if (!user) return null;
  const name = requesterDisplayName(user);
  const missing = ROLES.filter((role) => !user.roles.includes(role));

  return (
    <Box
      role="group"
      aria-label={translate('supply_hub.users.roles_of', { name })}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
    >
      {user.roles.map((role) => (
        <Chip
          key={role}
          size="small"
          color={role === 'admin' || role === 'super_admin' ? 'primary' : 'default'}
          label={
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
              {translate(`supply_hub.role.${role}`)}
              <IconButton
                size="small"
                aria-label={translate('supply_hub.users.remove_role', { role: translate(`supply_hub.role.${role}`) })}
                disabled={change.isPending}
                onClick={() => change.mutate({ userId: user.id, role, kind: 'revoke' })}
                sx={{ p: 0.25, mr: -0.75 }}
              >
                <CloseIcon sx={{ fontSize: 14 }} />
              </IconButton>
            </Box>
          }
        />
      ))}
      {missing.length > 0 && (
        <IconButton
          size="small"
          aria-label={translate('supply_hub.users.add_role_to', { name })}
          aria-haspopup="menu"
          disabled={change.isPending}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          <AddIcon fontSize="small" />
        </IconButton>
      )}
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {missing.map((role) => (
          <MenuItem
            key={role}
            onClick={() => {
              setMenuAnchor(null);
              change.mutate({ userId: user.id, role, kind: 'grant' });
            }}
          >
            {translate(`supply_hub.role.${role}`)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
