import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MyBudget } from '@supply-hub/api/contracts';
import { requiredLevels } from '@supply-hub/api/contracts/approval-levels.rules';

import { useMyBudget } from '../api/get-my-budget';
import {
  approvalsNeededText,
  budgetPanelFigures,
  cartTotalCents,
  centsOf,
  moneyText,
  monthlyLimitFigures,
  usd,
  type BudgetTone,
} from '../budget-panel.rules';
import { useCart } from '../hooks/use-cart';

const SEVERITY: Record<BudgetTone, 'success' | 'warning' | 'error'> = {
  green: 'success',
  amber: 'warning',
  red: 'error',
};

function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

function FigureRows({ rows }: { rows: [string, string][] }) {
  return (
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
  );
}

/** The department's budget this period, what this order takes and what remains after it. */
function DepartmentBudget({ budget, orderCents }: { budget: MyBudget; orderCents: number }) {
  if (budget.amount === null || budget.remaining === null || !budget.period_start || !budget.period_end) return null;
  const figures = budgetPanelFigures({ amount: budget.amount, remaining: budget.remaining }, orderCents);
  // The period's last day: period_end is the first instant after it.
  const lastDay = new Date(new Date(budget.period_end).getTime() - 1).toISOString();
  return (
    <Alert
      severity={SEVERITY[figures.tone]}
      icon={false}
      role="region"
      aria-label="Department budget"
      data-tone={figures.tone}
      sx={{ mb: 1 }}
    >
      <Typography variant="subtitle2">
        {budget.department} budget, {dayOf(budget.period_start)} – {dayOf(lastDay)}
      </Typography>
      <FigureRows
        rows={[
          ['Remaining this period', usd(figures.remainingCents)],
          ['This order', usd(figures.orderCents)],
          ['Remaining after this order', usd(figures.afterCents)],
        ]}
      />
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

/**
 * Before submitting, the department's remaining budget this period, what this
 * order takes and what remains after, in green / amber / red; which approvals the order will need
 * (by role, from the API's own rule); and the user's monthly limit when one is set. Loaded lazily
 * with the open cart (the /catalog initial bundle has no room for it).
 */
export default function BudgetPanel() {
  const { cart } = useCart();
  const { data: budget } = useMyBudget();
  if (!budget) return null;
  const orderCents = cartTotalCents(cart);
  const levels = requiredLevels(budget.approval_levels, moneyText(orderCents), budget.order_limit);
  const isOverOrderLimit = levels.length > requiredLevels(budget.approval_levels, moneyText(orderCents)).length;
  const monthly = monthlyLimitFigures(budget, orderCents);
  return (
    <Box sx={{ mb: 2 }}>
      <DepartmentBudget budget={budget} orderCents={orderCents} />
      <Box role="region" aria-label="Approvals and limits" sx={{ px: 0.5 }}>
        {levels.length > 0 && (
          <Typography variant="body2">
            Needs approval by: <strong>{approvalsNeededText(levels)}</strong>
          </Typography>
        )}
        {isOverOrderLimit && budget.order_limit && (
          <Typography variant="body2" color="text.secondary">
            Above your per-order limit of {usd(centsOf(budget.order_limit))}: one extra approval.
          </Typography>
        )}
        {monthly && (
          <Typography variant="body2" color={monthly.isOver ? 'error' : 'text.primary'} data-over={monthly.isOver}>
            Your monthly limit: {usd(monthly.limitCents)} · {usd(monthly.remainingCents)} remains this month,{' '}
            {usd(monthly.afterCents)} after this order.
            {monthly.isOver &&
              (budget.monthly_policy === 'stop'
                ? ' This order would take you over it: it will be refused.'
                : ' This order would take you over it: it will be flagged to the approvers.')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
