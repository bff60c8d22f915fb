import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ROLE_NAMES } from '@supply-hub/api/contracts/roles.rules';

import { useAuth } from '../hooks/use-auth';

/** Who is signed in, in words: the name (else the e-mail) and the role, then the e-mail. */
export function SignedInIdentity() {
  const { user, profile, effectiveRole } = useAuth();
  if (!user) return null;
  const name = [profile?.first_name, profile?.last_name].filter((part) => part?.trim()).join(' ');
  return (
    <Box aria-label="Signed in as" role="group" sx={{ px: 2, py: 1.5, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        Signed in as
      </Typography>
      <Typography sx={{ fontWeight: 700 }} noWrap>
        {name || user.email}
        {effectiveRole && ` · ${ROLE_NAMES[effectiveRole]}`}
      </Typography>
      {name && (
        <Typography variant="body2" color="text.secondary" noWrap>
          {user.email}
        </Typography>
      )}
    </Box>
  );
}
