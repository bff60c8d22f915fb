import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

import { signInAsDemo, useDemoMode, type DemoAccount } from '../api/demo-sign-in';

/** "Try as admin" / "Try as doctor": shown only when the server says it runs in demo mode. */
export function DemoSignInButtons() {
  const isShown = useDemoMode();
  const [pending, setPending] = useState<DemoAccount | null>(null);

  if (!isShown) return null;
  const tryAs = (as: DemoAccount) => {
    setPending(as);
    signInAsDemo(as)
      // A full load: the role redirect may lead into the back office, another app.
      .then(() => window.location.assign('/'))
      .catch(() => setPending(null));
  };
  return (
    <Stack spacing={1} sx={{ mt: 3 }}>
      <Divider>Demo</Divider>
      <Stack direction="row" spacing={1}>
        <Button fullWidth variant="text" disabled={pending !== null} onClick={() => tryAs('admin')}>
          Try as admin
        </Button>
        <Button fullWidth variant="text" disabled={pending !== null} onClick={() => tryAs('doctor')}>
          Try as doctor
        </Button>
      </Stack>
    </Stack>
  );
}
