import Assessment from '@mui/icons-material/Assessment';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FINANCE_HOME_PATH } from '@supply-hub/api/contracts/roles.rules';

/**
 * The header's way to finance's home, the back office's reports (decisions.md): another app, so a
 * plain link (a full page load). On a phone only its icon shows; 'Reports' stays its name.
 */
export function ReportsLink() {
  return (
    <Button
      color="inherit"
      href={FINANCE_HOME_PATH}
      aria-label="Reports"
      sx={{ minWidth: 0, flexShrink: 0, gap: 1, mr: 0.5, px: { xs: 1, sm: 1.5 } }}
    >
      <Assessment aria-hidden />
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        Reports
      </Box>
    </Button>
  );
}
