import { Create } from 'react-admin';

import { StandingOrderForm } from './StandingOrderForm';

export default function StandingOrderCreate() {
  return (
    <Create redirect="list">
      <StandingOrderForm isNew />
    </Create>
  );
}
