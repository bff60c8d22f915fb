import { useQuery } from '@tanstack/react-query';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import type { OrderFilterValues } from './OrderFilters';

/** The tab counts within the department, fulfilment and level filters; react-admin's refresh refetches them with the list. */
export function useOrderCounts({
  department,
  fulfilment,
  approval_level: approvalLevel,
}: Pick<OrderFilterValues, 'department' | 'fulfilment' | 'approval_level'>) {
  const dataProvider = useSupplyHubDataProvider();
  return useQuery({
    queryKey: ['orders', 'getOrderCounts', department ?? null, fulfilment ?? null, approvalLevel ?? null],
    queryFn: () => dataProvider.getOrderCounts({ department, fulfilment, approval_level: approvalLevel }),
  });
}
