import { createTheme } from '@mui/material/styles';

export const PRIMARY = '#f06023';
/** The primary orange darkened for text on white: 6:1, AA at every size (the main orange is 3.3:1). */
export const PRIMARY_TEXT = '#a8420f';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY, dark: PRIMARY_TEXT },
    text: { primary: '#212121', secondary: '#545454' },
    background: { default: '#ffffff' },
    // Dark text on the orange fills: white on #f06023 fails AA for normal-size text.
    contrastThreshold: 4.5,
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
  typography: {
    fontFamily:
      '"Open Sans", "Open Sans fallback", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3 },
    h3: { fontSize: '1.05rem', fontWeight: 600, lineHeight: 1.3 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  spacing: 8,
  components: {
    MuiLink: {
      defaultProps: { color: PRIMARY_TEXT, underline: 'hover' },
    },
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `3px solid ${PRIMARY_TEXT}`, outlineOffset: 2 },
        },
      },
    },
  },
});
