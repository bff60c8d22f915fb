import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's light theme with colours dark enough for WCAG AA text contrast (4.5:1) on white and
 * on the page background: its default blues, orange and light blue fall short of it.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0', contrastText: '#fff' },
    secondary: { light: '#5e92f3', main: '#0d47a1', dark: '#002171', contrastText: '#fff' },
    info: { main: '#01579b', contrastText: '#fff' },
    success: { main: '#2e7d32', contrastText: '#fff' },
    warning: { main: '#b45309', dark: '#8a4b00', contrastText: '#fff' },
    error: { main: '#c62828', contrastText: '#fff' },
  },
};
