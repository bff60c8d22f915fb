import { useQuery } from '@tanstack/react-query';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';

/** The tab counts within the department filter; react-admin's refresh refetches them with the list. */
export function useOrderCounts(department: string | undefined) {
  const dataProvider = useSupplyHubDataProvider();
  return useQuery({
    queryKey: ['orders', 'getOrderCounts', department ?? null],
    queryFn: () => dataProvider.getOrderCounts(department),
  });
}
