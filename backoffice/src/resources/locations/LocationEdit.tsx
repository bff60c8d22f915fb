import { Edit } from 'react-admin';

import { LocationCounts } from './LocationCounts';
import { LocationForm } from './LocationForm';
import { StockListImport } from './StockListImport';

/** Pessimistic: the server's answer (an unknown ASIN, a refusal) shows before the list does. */
export default function LocationEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false} aside={<StockListImport />}>
      <>
        <LocationForm />
        <LocationCounts />
      </>
    </Edit>
  );
}
