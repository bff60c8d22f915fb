import { Create } from 'react-admin';

import { LocationForm } from './LocationForm';

export default function LocationCreate() {
  return (
    <Create redirect="edit">
      <LocationForm isNew />
    </Create>
  );
}
