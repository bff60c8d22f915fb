import { useQuery } from '@tanstack/react-query';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import type { OrderFilterValues } from './OrderFilters';

/** The tab counts within the department and fulfilment filters; react-admin's refresh refetches them with the list. */
export function useOrderCounts({ department, fulfilment }: Pick<OrderFilterValues, 'department' | 'fulfilment'>) {
  const dataProvider = useSupplyHubDataProvider();
  return useQuery({
    queryKey: ['orders', 'getOrderCounts', department ?? null, fulfilment ?? null],
    queryFn: () => dataProvider.getOrderCounts({ department, fulfilment }),
  });
}
