import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * The facts behind a supplier exchange (a submission result, a self-test), as a description list:
 * labels in one column, values in the other, long values wrapping anywhere.
 */
export function ResultDetails({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mt: 1, mb: 0 }}
    >
      {children}
    </Box>
  );
}

export function ResultDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 500 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/** A supplier's answer as it came, in a scrolling block a keyboard can reach. */
export function ResponsePreview({ text, marginTop = 0 }: { text: string; marginTop?: number }) {
  return (
    <Box
      component="pre"
      tabIndex={0}
      sx={{
        m: 0,
        mt: marginTop,
        p: 1,
        bgcolor: 'background.paper',
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        maxHeight: 240,
      }}
    >
      {text}
    </Box>
  );
}
