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
    // Dark enough on the edit toolbar's grey too (#e0e0e0: 5.6:1), where Delete sits.
    error: { main: '#b71c1c', contrastText: '#fff' },
  },
  components: {
    ...defaultTheme.components,
    MuiCircularProgress: {
      // react-admin's app-bar spinner (shown while any query runs, the Approvals count's poll too)
      // has no name of its own; a spinner that has one (or is hidden) keeps it.
      defaultProps: { 'aria-label': 'Loading' },
    },
    MuiFormHelperText: {
      styleOverrides: {
        // A disabled field's helper text says how to enable it ("Choose a location first"): it is
        // read, so it keeps the secondary text colour rather than the faint disabled grey (2.7:1).
        root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } },
      },
    },
  },
};
