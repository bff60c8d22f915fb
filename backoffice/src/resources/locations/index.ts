import PlaceIcon from '@mui/icons-material/Place';
import { lazy } from 'react';

import type { LocationSummary } from '../../providers/records';

/**
 * Locations and par levels: a list, create and edit with the stock list inline and a
 * CSV import with a dry run; deactivating is the edit's Active switch.
 */
export const locations = {
  list: lazy(() => import('./LocationList')),
  create: lazy(() => import('./LocationCreate')),
  edit: lazy(() => import('./LocationEdit')),
  icon: PlaceIcon,
  recordRepresentation: (location: LocationSummary) => location.name,
};
