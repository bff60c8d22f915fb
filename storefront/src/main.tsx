import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { AppProviders } from './app/AppProviders';
import { AppRoutes, preloadRoute } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

preloadRoute(window.location);

const root = createRoot(container);
// A transition: React then renders the first screen in short slices, yielding to the browser
// between them, instead of one long task that blocks input (Lighthouse's Total Blocking Time).
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
