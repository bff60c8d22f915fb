import { useQuery } from '@tanstack/react-query';
import { SelectInput, required } from 'react-admin';
import { useWatch } from 'react-hook-form';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';

/**
 * "Orders as": only the chosen location's eligible members (its department's approved members who
 * may order for it), read from the API, which checks the same rule on saving.
 */
export function RequesterInput() {
  const locationId = useWatch<{ location_id?: string }, 'location_id'>({ name: 'location_id' });
  const dataProvider = useSupplyHubDataProvider();
  const requesters = useQuery({
    queryKey: ['locations', locationId, 'standing-order-requesters'],
    queryFn: () => dataProvider.getStandingOrderRequesters(locationId ?? ''),
    enabled: Boolean(locationId),
  });
  const choices = (requesters.data ?? []).map((member) => ({
    id: member.id,
    name: member.name ? `${member.name} (${member.email})` : member.email,
  }));
  const helperText = !locationId
    ? 'supply_hub.standing_orders.requester_choose_location'
    : requesters.data?.length === 0
      ? 'supply_hub.standing_orders.requester_none'
      : 'supply_hub.standing_orders.requester_help';
  return (
    <SelectInput
      source="user_id"
      choices={choices}
      disabled={!locationId}
      isPending={Boolean(locationId) && requesters.isPending}
      validate={required()}
      helperText={helperText}
    />
  );
}
