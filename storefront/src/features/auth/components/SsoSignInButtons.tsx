import Google from '@mui/icons-material/Google';
import Login from '@mui/icons-material/Login';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

import { recordSsoStart } from '../../../lib/sso-storage';
import { useSignInProviders } from '../api/get-sign-in-providers';
import { useSsoDiscovery } from '../api/discover-sso-provider';
import { samlSignInPath, socialSignInPath } from '../sso-paths';

interface SsoSignInButtonsProps {
  /** The e-mail typed so far: it decides whether Enterprise SSO is offered. */
  email: string;
  /** The saved redirect, carried through the provider and back to /auth/callback. */
  redirect: string | null;
}

/** Leaves for the provider (a full page load), noting where and when for the diagnostics pages. */
function startSignIn(path: string, samlProviderId?: string) {
  recordSsoStart(path, samlProviderId);
  window.location.assign(path);
}

/** A disabled button fires no events, so its tooltip listens on a wrapper. */
function WithTooltip({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Tooltip title={title}>
      <Box component="span" sx={{ display: 'block' }}>
        {children}
      </Box>
    </Tooltip>
  );
}

/** The social button (when the server has OIDC configured) and Enterprise SSO (decisions.md, Sign-in). */
export function SsoSignInButtons({ email, redirect }: SsoSignInButtonsProps) {
  const providers = useSignInProviders();
  const samlProviderId = useSsoDiscovery(email);
  const oidc = providers?.oidc;
  const oidcName = oidc?.name ?? 'Google';

  const socialButton = (
    <Button
      variant="outlined"
      fullWidth
      startIcon={oidcName === 'Google' ? <Google /> : <Login />}
      disabled={!oidc?.enabled}
      onClick={() => startSignIn(socialSignInPath(redirect))}
    >
      Continue with {oidcName}
    </Button>
  );

  return (
    <>
      {oidc?.enabled ? (
        socialButton
      ) : (
        <WithTooltip title="Social sign-in is not configured">{socialButton}</WithTooltip>
      )}
      {samlProviderId ? (
        <Button
          variant="outlined"
          fullWidth
          onClick={() => startSignIn(samlSignInPath(samlProviderId, redirect), samlProviderId)}
        >
          Enterprise SSO
        </Button>
      ) : (
        <WithTooltip title="Coming soon - contact your administrator">
          <Button variant="outlined" disabled fullWidth>
            Enterprise SSO
          </Button>
        </WithTooltip>
      )}
    </>
  );
}
