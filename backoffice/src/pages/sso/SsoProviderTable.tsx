import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SsoProviderView } from '@supply-hub/api/contracts';
import { useTranslate } from 'react-admin';

import { useSsoProviderCommand } from './ssoApi';

/** The providers with their state and the enable/disable/delete commands. */
export function SsoProviderTable({
  providers,
  onEdit,
}: {
  providers: readonly SsoProviderView[];
  onEdit: (id: string) => void;
}) {
  const translate = useTranslate();
  const command = useSsoProviderCommand();
  const t = (key: string, options?: Record<string, unknown>) => translate(`supply_hub.sso.${key}`, options);
  return (
    <Table size="small" aria-label={t('providers')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('id')}</TableCell>
          <TableCell>{t('display_name')}</TableCell>
          <TableCell>{t('domains')}</TableCell>
          <TableCell>{t('entity_id')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {providers.map((provider) => (
          <TableRow key={provider.id}>
            <TableCell>{provider.id}</TableCell>
            <TableCell>{provider.display_name ?? '—'}</TableCell>
            <TableCell>{provider.domains.join(', ')}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{provider.entity_id}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip
                  size="small"
                  color={provider.is_enabled ? 'success' : 'default'}
                  label={t(provider.is_enabled ? 'enabled' : 'disabled')}
                />
                <Button size="small" onClick={() => onEdit(provider.id)}>
                  {t('edit')}
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    command.mutate({ id: provider.id, command: provider.is_enabled ? 'disable' : 'enable' })
                  }
                >
                  {t(provider.is_enabled ? 'disable' : 'enable')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => {
                    if (window.confirm(t('delete_confirm', { id: provider.id }))) {
                      command.mutate({ id: provider.id, command: 'delete' });
                    }
                  }}
                >
                  {t('delete')}
                </Button>
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
