import { createTheme } from '@mui/material/styles';

const PRIMARY = '#1565c0';

export const theme = createTheme({
  palette: {
    // WCAG 1.4.3: text on a coloured chip or button picks black where white would fall under 4.5:1
    // (MUI's default of 3 put white on the info blue at 3.85:1).
    contrastThreshold: 4.5,
    primary: { main: PRIMARY },
    secondary: { main: '#00897b' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // WCAG 2.4.7: a keyboard user sees where focus is. MUI marks it only with a faint ripple on
        // buttons; a text field shows it by its thicker border instead, so inputs keep that.
        ':focus-visible:not(input, textarea)': { outline: `2px solid ${PRIMARY}`, outlineOffset: 2 },
        // A checkbox's or switch's own input is invisible: its visible box carries the ring.
        '.MuiButtonBase-root.Mui-focusVisible': { outline: `2px solid ${PRIMARY}`, outlineOffset: 2 },
      },
    },
  },
});
