import Box from '@mui/material/Box';

/** A value as indented JSON on a grey block, long values wrapping anywhere (audit details, debug panel). */
export function JsonBlock({ value }: { value: unknown }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}
