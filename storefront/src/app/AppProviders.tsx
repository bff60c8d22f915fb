import CssBaseline from '@mui/material/CssBaseline';
// The system's provider, which is what Material's own ThemeProvider renders for a theme without CSS
// variables like this one; Material's also bundles the CSS-variables provider (3 KB gzip on every page).
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { ToastProvider } from '../components/ToastProvider';
import { createQueryClient } from './query-client';
import { theme } from './theme';

/** App-wide providers outside the router; the session provider sits in the root route (AppRoot). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
