import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';

import { JsonBlock } from '../../components/JsonBlock';
import { clearLastSamlError, readLastSamlError, readSsoKeys } from './last-saml-error';
import { useSessionSummary } from './use-session-summary';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** admin-portal §2.11 admin debug panel: the last SAML error and the session, for an administrator. */
export function DebugPanel() {
  const translate = useTranslate();
  const session = useSessionSummary();
  const [lastError] = useState(readLastSamlError);
  const [ssoKeys] = useState(readSsoKeys);

  function clearAndReturn() {
    clearLastSamlError();
    window.location.assign('/login');
  }

  return (
    <Box sx={{ py: 2 }}>
      <Title title="supply_hub.page.debug" />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('supply_hub.page.debug')}
      </Typography>
      <Stack spacing={3} sx={{ maxWidth: 900 }}>
        <Section id="debug-last-saml-error" title="Last SAML Error">
          {lastError === null ? (
            <Typography color="text.secondary">No SAML error recorded in this browser.</Typography>
          ) : (
            <JsonBlock value={lastError} />
          )}
        </Section>
        <Section id="debug-info" title="Debug Info">
          <Stack spacing={1.5}>
            <JsonBlock value={{ url: window.location.href, user_agent: navigator.userAgent, storage: ssoKeys }} />
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              Session
            </Typography>
            {session.state === 'loading' && <Typography role="status">Loading</Typography>}
            {session.state === 'error' && <Alert severity="error">Could not read the session: {session.message}</Alert>}
            {session.state === 'loaded' && <JsonBlock value={session.summary} />}
          </Stack>
        </Section>
        <Box>
          <Button variant="contained" onClick={clearAndReturn}>
            Clear &amp; Return to Login
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
