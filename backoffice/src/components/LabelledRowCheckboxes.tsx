import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * react-admin 5.15's DataTable puts the row checkbox's aria-label on the MUI Checkbox root, which
 * MUI ≥ 6 no longer hands to the <input>: the input has no name (axe 'label', critical). Inside this
 * provider every checkbox input gets "Select this row" by default; explicit labels ("Select all") win.
 */
export function LabelledRowCheckboxes({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const label = translate('ra.action.select_row', { _: 'Select this row' });
  const withLabel = (outer: Theme): Theme => ({
    ...outer,
    components: {
      ...outer.components,
      MuiCheckbox: {
        ...outer.components?.MuiCheckbox,
        defaultProps: {
          ...outer.components?.MuiCheckbox?.defaultProps,
          slotProps: { input: { 'aria-label': label } },
        },
      },
    },
  });
  return <ThemeProvider theme={withLabel}>{children}</ThemeProvider>;
}
