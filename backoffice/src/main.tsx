import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { App } from './App';

// react-admin makes a hash router unless it finds one; the back office wants real /admin/… URLs.
// The router owns the /admin prefix, so <Admin> gets no basename of its own (it would be added twice).
const router = createBrowserRouter([{ path: '*', element: <App /> }], { basename: '/admin' });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
