import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PlaceholderPageProps {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}

/** Heading and short text for a screen whose real content arrives in a later issue. */
export function PlaceholderPage({ title, subtitle, children }: PlaceholderPageProps) {
  return (
    <Container component="main" maxWidth="lg" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Container>
  );
}
