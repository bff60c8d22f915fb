import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A collapsed section with an h2 heading; its content mounts only while open (and loads only then). */
export function Section({
  title,
  subtitle,
  titleOptions,
  children,
}: {
  title: string;
  subtitle?: string;
  titleOptions?: Record<string, unknown>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const id = useId();
  return (
    <Accordion
      variant="outlined"
      disableGutters
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary id={`${id}-header`} aria-controls={`${id}-content`} expandIcon={<ExpandMoreIcon />}>
        <Typography component="span" sx={{ fontWeight: 500 }}>
          {translate(title, titleOptions)}
        </Typography>
        {subtitle && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {translate(subtitle)}
          </Typography>
        )}
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}
