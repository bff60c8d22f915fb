import Assessment from '@mui/icons-material/Assessment';
import Dashboard from '@mui/icons-material/Dashboard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { homePathFor, isAdmin, isFinanceOnly, type Role } from '@supply-hub/api/contracts/roles.rules';

/**
 * The header's way back to the back office for those whose home is there (decisions.md): finance
 * to its reports, admins to the dashboard; homePathFor names the place. Another app, so a plain
 * link (a full page load). On a phone only its icon shows; the label stays its name.
 */
export function BackOfficeLink({ roles }: { roles: readonly Role[] }) {
  if (!isAdmin(roles) && !isFinanceOnly(roles)) return null;
  const label = isAdmin(roles) ? 'Back office' : 'Reports';
  return (
    <Button
      color="inherit"
      href={homePathFor(roles)}
      aria-label={label}
      sx={{ minWidth: 0, flexShrink: 0, gap: 1, mr: 0.5, px: { xs: 1, sm: 1.5 } }}
    >
      {isAdmin(roles) ? <Dashboard aria-hidden /> : <Assessment aria-hidden />}
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
    </Button>
  );
}
