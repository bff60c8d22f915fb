import AccountCircle from '@mui/icons-material/AccountCircle';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useAuth } from '../hooks/use-auth';

// The menu's code (popover, focus handling) loads when it first opens, not with every page.
const UserMenuPopup = lazy(async () => ({ default: (await import('./UserMenuPopup')).UserMenuPopup }));

/** The header's user menu (provider-portal §2 Shell): the e-mail, Profile and Sign out. */
export function UserMenu() {
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
        startIcon={<AccountCircle />}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setHasOpened(true);
        }}
        sx={{ textTransform: 'none' }}
      >
        {user?.email}
      </Button>
      {hasOpened && (
        <Suspense fallback={null}>
          <UserMenuPopup
            id={menuId}
            anchor={anchor}
            onClose={close}
            onProfile={() => {
              close();
              navigate('/profile');
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
