import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { useMyBudget } from '../api/get-my-budget';
import { budgetPanelFigures, cartTotalCents, usd, type BudgetTone } from '../budget-panel.rules';
import { useCart } from '../hooks/use-cart';

const SEVERITY: Record<BudgetTone, 'success' | 'warning' | 'error'> = {
  green: 'success',
  amber: 'warning',
  red: 'error',
};

function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/**
 * Issue 18 §2: before submitting, the department's remaining budget this period, what this order
 * takes and what remains after, in green / amber / red. Loaded lazily with the open cart (the
 * /catalog initial bundle has no room for it); nothing shows when no budget applies.
 */
export default function BudgetPanel() {
  const { cart } = useCart();
  const { data: budget } = useMyBudget();
  if (!budget) return null;
  const figures = budgetPanelFigures(budget, cartTotalCents(cart));
  // The period's last day: period_end is the first instant after it.
  const lastDay = new Date(new Date(budget.period_end).getTime() - 1).toISOString();
  const rows: [string, string][] = [
    ['Remaining this period', usd(figures.remainingCents)],
    ['This order', usd(figures.orderCents)],
    ['Remaining after this order', usd(figures.afterCents)],
  ];
  return (
    <Alert
      severity={SEVERITY[figures.tone]}
      icon={false}
      role="region"
      aria-label="Department budget"
      data-tone={figures.tone}
      sx={{ mb: 2 }}
    >
      <Typography variant="subtitle2">
        {budget.department} budget, {dayOf(budget.period_start)} – {dayOf(lastDay)}
      </Typography>
      <Stack component="dl" spacing={0.25} sx={{ m: 0, mt: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography component="dt" variant="body2">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Stack>
      {figures.tone === 'red' && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {budget.policy === 'stop'
            ? 'This order is more than your department has left: it will be refused.'
            : 'This order is more than your department has left: it will be flagged to the approvers.'}
        </Typography>
      )}
    </Alert>
  );
}
