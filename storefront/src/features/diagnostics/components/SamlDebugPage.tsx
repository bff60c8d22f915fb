import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';

import { SectionCard } from '../../../components/SectionCard';
import { readSsoStorage } from '../../../lib/sso-storage';
import type { SessionStatus } from '../api/get-session-status';
import { useSessionStatus } from '../api/get-session-status';
import { useSsoProviders } from '../api/get-sso-providers';
import { SsoProvidersTable } from './SsoProvidersTable';

function describeSession(status: SessionStatus) {
  switch (status.state) {
    case 'checking':
      return 'checking';
    case 'signed_in':
      return {
        signed_in: true,
        email: status.session.user.email,
        auth_method: status.session.auth_method,
        roles: status.session.roles,
        expires_at: status.session.expires_at,
      };
    case 'signed_out':
      return { signed_in: false, code: status.code, message: status.message };
    case 'error':
      return { signed_in: false, error: status.message };
  }
}

/** /saml-debug (public, admin-portal §2.11): what is configured, what this browser remembers, what to try. */
export function SamlDebugPage() {
  const navigate = useNavigate();
  const providers = useSsoProviders();
  const { sessionStatus } = useSessionStatus();
  const stateDump = { ...readSsoStorage(), session: describeSession(sessionStatus) };

  return (
    <Container component="main" maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        SAML Debug
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" onClick={() => navigate('/auth/callback')}>
          Test Auth Callback
        </Button>
        <Button variant="outlined" onClick={() => navigate('/login')}>
          Go to Login
        </Button>
        <Button variant="outlined" onClick={() => navigate('/auth')}>
          Go to Auth
        </Button>
      </Stack>
      <Stack spacing={3}>
        <SectionCard id="saml-debug-url" title="Current URL">
          <Typography component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {window.location.href}
          </Typography>
        </SectionCard>
        <SectionCard id="saml-debug-providers" title="Configured SSO providers">
          <SsoProvidersTable providers={providers} />
        </SectionCard>
        <SectionCard id="saml-debug-state" title="State">
          <Typography
            component="pre"
            sx={{ fontFamily: 'monospace', fontSize: 13, m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {JSON.stringify(stateDump, null, 2)}
          </Typography>
        </SectionCard>
        <SectionCard id="saml-debug-next-steps" title="Next steps">
          <Typography component="ol" sx={{ pl: 2.5, m: 0, '& li': { mb: 1 } }}>
            <li>
              No provider for your organisation? An administrator adds one with the CLI command sso:add-provider (id,
              entity id, e-mail domains, IdP metadata or certificate and entry point).
            </li>
            <li>
              In the identity provider, check that the ACS URL and the audience (SP entity id) match this portal and
              that the NameID is the user&apos;s e-mail address.
            </li>
            <li>
              Open a provider&apos;s SSO redirect URL to start a sign-in through it. If it fails, the callback stores
              the error and opens the SSO Doctor.
            </li>
            <li>
              Test Auth Callback runs the callback without a sign-in: with a session it goes on to the portal, without
              one it ends on the SSO Doctor after 7 seconds.
            </li>
          </Typography>
        </SectionCard>
      </Stack>
    </Container>
  );
}
