import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { CSSProperties, ReactNode } from 'react';

import { useReportsText } from './useReportsText';

export interface ReportColumn<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  isNumeric?: boolean;
}

export interface ReportTableProps<Row> {
  caption: string;
  /** Shows the caption above the table; otherwise it is for screen readers only. */
  isCaptionVisible?: boolean;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The first column names the row (a row header). */
  hasRowHeader?: boolean;
}

const VISIBLE_CAPTION: CSSProperties = { captionSide: 'top', fontWeight: 500, color: 'inherit' };
/** Read by screen readers, not shown (the heading above the table says the same). */
const HIDDEN_CAPTION: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** A plain data table with a caption and column headers (what a report slice is). */
export function ReportTable<Row>({
  caption,
  isCaptionVisible = false,
  columns,
  rows,
  rowKey,
  hasRowHeader = true,
}: ReportTableProps<Row>) {
  const text = useReportsText();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <caption style={isCaptionVisible ? VISIBLE_CAPTION : HIDDEN_CAPTION}>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} scope="col" align={column.isNumeric ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length}>{text('reports.empty')}</TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover>
              {columns.map((column, index) => (
                <TableCell
                  key={column.key}
                  align={column.isNumeric ? 'right' : 'left'}
                  {...(hasRowHeader && index === 0 ? { component: 'th', scope: 'row' } : {})}
                >
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
