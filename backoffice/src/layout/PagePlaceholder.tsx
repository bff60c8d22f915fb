import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

/** App-bar title and heading of a screen whose real content arrives in a later issue. */
export function PagePlaceholder({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography variant="h4" component="h1">
        {translate(title)}
      </Typography>
    </Box>
  );
}
