import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

import { SignedInIdentity } from './SignedInIdentity';

interface UserMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  onClose(): void;
  onProfile(): void;
  onSignOut(): void;
}

/** The user menu's popup (who is signed in, Profile, Sign out); its own chunk, loaded when the menu first opens. */
export function UserMenuPopup({ id, anchor, onClose, onProfile, onSignOut }: UserMenuPopupProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {/* Not a choice: disabled keeps it out of the keyboard's way, and it is shown at full strength. */}
      <MenuItem disabled sx={{ p: 0, '&.Mui-disabled': { opacity: 1 } }}>
        <SignedInIdentity />
      </MenuItem>
      <MenuItem onClick={onProfile}>
        <ListItemIcon>
          <Person fontSize="small" />
        </ListItemIcon>
        Profile
      </MenuItem>
      <MenuItem onClick={onSignOut}>
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        Sign out
      </MenuItem>
    </Menu>
  );
}
