import AccountCircle from '@mui/icons-material/AccountCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { visuallyHidden } from '../../../components/visually-hidden';
import { useAuth } from '../hooks/use-auth';

// The menu's code (popover, focus handling) loads when it first opens, not with every page.
const UserMenuPopup = lazy(async () => ({ default: (await import('./UserMenuPopup')).UserMenuPopup }));

interface UserMenuProps {
  /** Where 'Profile' leads: /profile for the roles that may see it, else Settings' profile card. */
  profilePath: string;
}

/** The header's user menu (provider-portal §2 Shell): the e-mail, Profile and Sign out. */
export function UserMenu({ profilePath }: UserMenuProps) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hasOpened, setHasOpened] = useState(false);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setHasOpened(true);
        }}
        // On a phone the button is its icon (the e-mail stays its accessible name); wider, the
        // e-mail is cut with an ellipsis rather than pushing the cart off the header.
        sx={{ textTransform: 'none', minWidth: 0, flexShrink: 1, gap: 1, px: { xs: 1, sm: 1.5 } }}
      >
        <AccountCircle aria-hidden sx={{ flexShrink: 0 }} />
        <Box
          component="span"
          sx={{
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            maxWidth: { sm: 200, md: 280 },
            '@media (max-width: 599.95px)': visuallyHidden,
          }}
        >
          {user?.email}
        </Box>
      </Button>
      {hasOpened && (
        <Suspense fallback={null}>
          <UserMenuPopup
            id={menuId}
            anchor={anchor}
            onClose={close}
            onProfile={() => {
              close();
              navigate(profilePath);
            }}
            onSignOut={() => {
              close();
              void signOut();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
