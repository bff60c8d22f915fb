import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { isOverOrderLimit } from '@supply-hub/api/contracts/approval-levels.rules';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useTranslate } from 'react-admin';

import type { AdminOrder } from '../../providers/records';

type Flagged = Pick<AdminOrder, 'over_budget' | 'over_limit' | 'order_limit' | 'total_amount'>;

/**
 * What approvers must see before they approve: an order a warn budget let through
 * over budget, one over its requester's monthly limit, and one over the per-order limit (which is
 * why it needs one approval more). Nothing when none applies.
 */
export function SpendFlags({ order }: { order: Flagged }) {
  const translate = useTranslate();
  const isOverOrder = isOverOrderLimit(order.total_amount, order.order_limit);
  return (
    <>
      {order.over_budget && (
        <Tooltip title={translate('supply_hub.orders.flag.over_budget_hint')}>
          <Chip size="small" color="warning" label={translate('supply_hub.orders.flag.over_budget')} />
        </Tooltip>
      )}
      {order.over_limit && (
        <Tooltip title={translate('supply_hub.orders.flag.over_limit_hint')}>
          <Chip size="small" color="warning" label={translate('supply_hub.orders.flag.over_limit')} />
        </Tooltip>
      )}
      {isOverOrder && (
        <Tooltip
          title={translate('supply_hub.orders.flag.over_order_limit_hint', { limit: formatUsd(order.order_limit) })}
        >
          <Chip
            size="small"
            variant="outlined"
            color="info"
            label={translate('supply_hub.orders.flag.over_order_limit')}
          />
        </Tooltip>
      )}
    </>
  );
}
