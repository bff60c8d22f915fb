import { useParams } from 'react-router-dom';

import { CountScreen } from './CountScreen';
import { LocationsPage } from './LocationsPage';

// The navigation's entry comes with the screen's chunk: one file more for the app, none for the first page.
export { LocationsNavLink } from './LocationsNavLink';

/** /locations: pick a location; /locations/:id: count it (the route table holds one entry for both). */
export function LocationsScreen() {
  const { '*': id = '' } = useParams();
  return id ? <CountScreen id={id} /> : <LocationsPage />;
}
