import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { LastSamlError } from '../../../lib/sso-storage';
import { samlErrorHints } from '../saml-error-hints.rules';

interface LastSamlErrorCardProps {
  lastError: LastSamlError | null;
  samlProviderId: string | null;
  onClear(): void;
}

/** admin-portal §2.11: the error the callback stored, with hints for the usual SAML set-up mistakes. */
export function LastSamlErrorCard({ lastError, samlProviderId, onClear }: LastSamlErrorCardProps) {
  const hints = lastError ? samlErrorHints(lastError, { origin: window.location.origin, samlProviderId }) : [];
  return (
    <Card component="section" aria-labelledby="last-saml-error-title" variant="outlined">
      <CardContent>
        <Typography id="last-saml-error-title" variant="h6" component="h2" gutterBottom>
          Last SAML Error
        </Typography>
        {lastError ? (
          <Stack spacing={1.5}>
            <Alert severity="error">
              <AlertTitle>{lastError.error ?? 'Unknown error'}</AlertTitle>
              {lastError.error_description ?? 'No description was given.'}
            </Alert>
            <Typography variant="body2" color="text.secondary">
              Error code: {lastError.error_code ?? lastError.error ?? '(none)'} · Recorded at:{' '}
              {lastError.timestamp || '(unknown)'}
            </Typography>
            {hints.map((hint) => (
              <Alert key={hint.kind} severity="info">
                <AlertTitle>{hint.title}</AlertTitle>
                {hint.text}
              </Alert>
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">No SAML error recorded in this browser.</Typography>
        )}
      </CardContent>
      {lastError && (
        <CardActions>
          <Button onClick={onClear}>Clear Error</Button>
        </CardActions>
      )}
    </Card>
  );
}
