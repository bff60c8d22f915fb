import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

interface UserMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  onClose(): void;
  onProfile(): void;
  onSignOut(): void;
}

/** The user menu's popup (Profile, Sign out); its own chunk, loaded when the menu first opens. */
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
