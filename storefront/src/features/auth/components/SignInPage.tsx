import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';

import { LoadingScreen } from '../../../components/LoadingScreen';
import { destinationAfterSignIn, readSavedRedirect } from '../access.rules';
import { useAuth } from '../hooks/use-auth';
import { DemoSignInButtons } from './DemoSignInButtons';
import { RedirectTo } from './RedirectTo';
import { deniedReasonOf, SignedInNotice } from './SignedInNotice';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type AuthTab = 'sign-in' | 'sign-up';

/**
 * /login (provider-portal §2 Auth screen). One place decides where a signed-in visitor goes,
 * whether they arrived signed in or just signed in or up here (§4 login flow).
 */
export function SignInPage() {
  const { status, session } = useAuth();
  const location = useLocation();
  const [tab, setTab] = useState<AuthTab>('sign-in');
  const savedRedirect = readSavedRedirect(location.state, location.search);

  if (status === 'loading') return <LoadingScreen label="Loading..." fullScreen />;
  const deniedReason = deniedReasonOf(location.search);
  if (session && deniedReason) {
    const destination = destinationAfterSignIn(session, savedRedirect);
    return <SignedInNotice email={session.user.email} reason={deniedReason} destination={destination} />;
  }
  if (session) return <RedirectTo destination={destinationAfterSignIn(session, savedRedirect)} />;

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        <Typography variant="h4" component="h1" align="center" sx={{ fontWeight: 700 }}>
          supply hub
        </Typography>
        <Tabs value={tab} onChange={(_event, value: AuthTab) => setTab(value)} variant="fullWidth" sx={{ my: 3 }}>
          <Tab label="Sign In" value="sign-in" />
          <Tab label="Sign Up" value="sign-up" />
        </Tabs>
        {tab === 'sign-in' ? <SignInForm redirect={savedRedirect} /> : <SignUpForm />}
        {tab === 'sign-in' && <DemoSignInButtons />}
        <Typography variant="body2" color="text.secondary" align="center" sx={{ mt: 3 }}>
          HIPAA Compliant • Secure • Encrypted
        </Typography>
      </Paper>
    </Box>
  );
}
