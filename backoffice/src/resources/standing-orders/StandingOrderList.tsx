import Chip from '@mui/material/Chip';
import type { AdminStandingOrder } from '@supply-hub/api/contracts';
import { scheduleText } from '@supply-hub/api/contracts/standing-order-text.rules';
import { DataTable, ReferenceInput, SelectInput, useRecordContext, useTranslate } from 'react-admin';

import { ResourceList } from '../../components/ResourceList';

function ScheduleCell() {
  const order = useRecordContext<AdminStandingOrder>();
  return order ? <>{scheduleText(order.schedule)}</> : null;
}

function NextCell() {
  const translate = useTranslate();
  const order = useRecordContext<AdminStandingOrder>();
  if (!order) return null;
  if (order.paused) return <Chip size="small" color="warning" label={translate('supply_hub.standing_orders.paused')} />;
  return <>{order.next_date ?? translate('supply_hub.standing_orders.ended')}</>;
}

const filters = [
  <ReferenceInput
    key="location_id"
    source="location_id"
    reference="locations"
    sort={{ field: 'name', order: 'ASC' }}
    perPage={200}
    alwaysOn
  >
    <SelectInput optionText="name" />
  </ReferenceInput>,
];

/** /admin/standing-orders: what each ward location receives on a schedule, and as whom. */
export default function StandingOrderList() {
  return (
    <ResourceList<AdminStandingOrder> sort={{ field: 'created_at', order: 'DESC' }} filters={filters}>
      <DataTable.Col source="name" />
      <DataTable.Col source="location_name" />
      <DataTable.Col source="requester_email" />
      <DataTable.Col source="schedule">
        <ScheduleCell />
      </DataTable.Col>
      <DataTable.Col source="next_date">
        <NextCell />
      </DataTable.Col>
    </ResourceList>
  );
}
