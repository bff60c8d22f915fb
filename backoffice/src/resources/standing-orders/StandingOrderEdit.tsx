import { Edit } from 'react-admin';

import { StandingOrderForm } from './StandingOrderForm';

/** Pessimistic: the server's refusal (a requester outside the ward, an unknown ASIN) shows on the form. */
export default function StandingOrderEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <StandingOrderForm />
    </Edit>
  );
}
