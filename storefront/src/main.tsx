import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { AppProviders } from './app/AppProviders';
import { AppRoutes, preloadRoute } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

preloadRoute(window.location);

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
