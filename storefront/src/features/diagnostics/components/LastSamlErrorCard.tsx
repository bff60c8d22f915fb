import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { LastSamlError } from '../../../lib/sso-storage';
import { samlErrorHints } from '../saml-error-hints.rules';
import { shownErrorCode, shownErrorDetails, signInErrorHeadline, truncateForDisplay } from '../sign-in-error.rules';

interface LastSamlErrorCardProps {
  lastError: LastSamlError | null;
  samlProviderId: string | null;
  onClear(): void;
}

/** admin-portal §2.11: the error the callback stored, with hints for the usual SAML set-up mistakes. */
export function LastSamlErrorCard({ lastError, samlProviderId, onClear }: LastSamlErrorCardProps) {
  const hints = lastError ? samlErrorHints(lastError, { origin: window.location.origin, samlProviderId }) : [];
  const details = lastError ? shownErrorDetails(lastError) : null;
  return (
    <Card component="section" aria-labelledby="last-saml-error-title" variant="outlined">
      <CardContent>
        <Typography id="last-saml-error-title" variant="h6" component="h2" gutterBottom>
          Last SAML Error
        </Typography>
        {lastError ? (
          <Stack spacing={1.5}>
            <Alert severity="error">
              <AlertTitle>{signInErrorHeadline(lastError)}</AlertTitle>
              Error code: {shownErrorCode(lastError)} · Recorded at:{' '}
              {truncateForDisplay(lastError.timestamp || '(unknown)', 40)}
            </Alert>
            {details !== null && (
              // What the identity provider (or whoever wrote the link) sent, as inert data: labelled,
              // monospace, cut; never the headline. A crafted link cannot speak in the portal's voice.
              <Box component="figure" sx={{ m: 0 }}>
                <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                  Details sent by the identity provider (not checked by the portal)
                </Typography>
                <Box
                  component="pre"
                  sx={{
                    m: 0,
                    p: 1.5,
                    bgcolor: 'grey.100',
                    borderRadius: 1,
                    fontFamily: 'monospace',
                    fontSize: '0.8125rem',
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                  }}
                >
                  <code>{details}</code>
                </Box>
              </Box>
            )}
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
