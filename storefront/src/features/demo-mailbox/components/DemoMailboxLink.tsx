import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

import { RouterLink } from '../../../components/RouterLink';
import { useDemoMode } from '../../auth/api/demo-sign-in';
import { demoMailboxPath } from '../demo-mailbox-path';

/**
 * Under "Check your e-mail", in demo mode only: the demo sends no mail, so the link leads to the
 * demo mailbox, where the mail just written to `email` can be read.
 */
export function DemoMailboxLink({ email }: { email: string }) {
  const isShown = useDemoMode();

  if (!isShown) return null;
  return (
    <Typography variant="body2" sx={{ mt: 2 }}>
      This is a demo: no mail leaves it.{' '}
      <Link component={RouterLink} to={demoMailboxPath(email)}>
        Open the demo mailbox
      </Link>{' '}
      to read it.
    </Typography>
  );
}
