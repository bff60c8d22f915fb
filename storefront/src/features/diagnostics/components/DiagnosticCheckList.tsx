import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';

import type { CheckResult, DiagnosticCheck } from '../sso-doctor-checks';

const RESULT_COLORS: Record<CheckResult, 'success' | 'error' | 'info'> = {
  PASS: 'success',
  FAIL: 'error',
  INFO: 'info',
};

/** One row per check: PASS / FAIL / INFO, what it found, and the values it looked at. */
export function DiagnosticCheckList({ checks }: { checks: readonly DiagnosticCheck[] }) {
  return (
    <List aria-label="Checks" disablePadding>
      {checks.map((check) => (
        <ListItem key={check.name} divider alignItems="flex-start" sx={{ gap: 2 }}>
          <Chip
            label={check.result}
            color={RESULT_COLORS[check.result]}
            size="small"
            sx={{ minWidth: 56, fontWeight: 700, mt: 0.25 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {check.name}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {check.summary}
            </Typography>
            {Object.entries(check.details).map(([label, value]) => (
              <Typography
                key={label}
                variant="caption"
                color="text.secondary"
                component="p"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {label}: {value}
              </Typography>
            ))}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
