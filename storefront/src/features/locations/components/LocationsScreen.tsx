import { useParams } from 'react-router-dom';

import { CountScreen } from './CountScreen';
import { LocationsPage } from './LocationsPage';

/** /locations: pick a location; /locations/:id: count it (the route table holds one entry for both). */
export function LocationsScreen() {
  const { '*': id = '' } = useParams();
  return id ? <CountScreen id={id} /> : <LocationsPage />;
}
