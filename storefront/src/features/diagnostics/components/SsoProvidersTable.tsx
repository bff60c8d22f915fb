import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { samlSignInPath } from '../../auth';
import type { SsoProvidersState } from '../api/get-sso-providers';

/** The configured SAML providers, each with the URL that starts a sign-in through it. */
export function SsoProvidersTable({ providers }: { providers: SsoProvidersState }) {
  const [shownId, setShownId] = useState<string | null>(null);

  if (providers.state === 'loading') return <Typography role="status">Loading</Typography>;
  if (providers.state === 'error') {
    return <Alert severity="error">Could not load the SSO providers: {providers.message}</Alert>;
  }
  if (providers.providers.length === 0) {
    return <Typography color="text.secondary">No SSO providers are configured.</Typography>;
  }

  return (
    <Table size="small" aria-label="SSO providers">
      <TableHead>
        <TableRow>
          <TableCell>Id</TableCell>
          <TableCell>Entity id</TableCell>
          <TableCell>Domains</TableCell>
          <TableCell>SSO redirect URL</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {providers.providers.map((provider) => (
          <TableRow key={provider.id}>
            <TableCell>{provider.id}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{provider.entity_id}</TableCell>
            <TableCell>{provider.domains.join(', ') || '(none)'}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {shownId === provider.id ? (
                <code>{`${window.location.origin}${samlSignInPath(provider.id)}`}</code>
              ) : (
                <Button size="small" onClick={() => setShownId(provider.id)}>
                  Show SSO Redirect URL
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
