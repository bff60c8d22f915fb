import Button from '@mui/material/Button';

import { PlaceholderPage } from './PlaceholderPage';
import { RouterLink } from './RouterLink';

/** Shown instead of React Router's developer error screen when a route throws while rendering. */
export function RouteErrorPage() {
  return (
    <PlaceholderPage title="Something went wrong" subtitle="This page could not be displayed.">
      <Button component={RouterLink} to="/" variant="contained">
        Back to start
      </Button>
    </PlaceholderPage>
  );
}
