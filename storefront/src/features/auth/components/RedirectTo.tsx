import { Navigate } from 'react-router-dom';

import { FullPageRedirect } from '../../../components/FullPageRedirect';
import type { Destination } from '../access.rules';

export function RedirectTo({ destination }: { destination: Destination }) {
  if (destination.isFullPageLoad) return <FullPageRedirect to={destination.path} />;
  return <Navigate to={destination.path} replace />;
}
