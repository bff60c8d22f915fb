import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StatOrdersReport } from '@supply-hub/api/contracts';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useId } from 'react';

import { formatDateTime } from '../../i18n/format';
import type { ReportRange } from './reportRange';
import { SliceHeading } from './SliceSection';
import { SliceView } from './SliceView';
import { statOrdersExportUrl, useStatOrders } from './statOrdersApi';
import { useReportsText } from './useReportsText';

function StatOrdersTable({ report }: { report: StatOrdersReport }) {
  const text = useReportsText();
  if (report.rows.length === 0) return <Typography>{text('reports.stat.empty')}</Typography>;
  return (
    <>
      <Box
        component="ul"
        aria-label={text('reports.stat.by_department')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 2 }}
      >
        {report.by_department.map((department) => (
          <li key={department.department}>
            <Chip color="error" variant="outlined" label={`${department.department}: ${department.orders}`} />
          </li>
        ))}
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={text('reports.stat.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{text('reports.stat.department')}</TableCell>
              <TableCell>{text('reports.stat.reason')}</TableCell>
              <TableCell align="right">{text('reports.stat.orders')}</TableCell>
              <TableCell align="right">{text('reports.stat.total_amount')}</TableCell>
              <TableCell>{text('reports.stat.last_ordered_at')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.rows.map((row) => (
              <TableRow key={`${row.department}/${row.reason}`}>
                <TableCell component="th" scope="row">
                  {row.department}
                </TableCell>
                <TableCell>{row.reason}</TableCell>
                <TableCell align="right">{row.orders}</TableCell>
                <TableCell align="right">{formatUsd(row.total_amount)}</TableCell>
                <TableCell>{formatDateTime(row.last_ordered_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/** STAT orders: how often each department ran out, and why, over the chosen range; with its CSV. */
export function StatOrdersTab({ range }: { range: ReportRange }) {
  const text = useReportsText();
  const headingId = useId();
  const report = useStatOrders(range);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SliceHeading
        id={headingId}
        title={text('reports.tab.stat_orders')}
        actions={
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            href={statOrdersExportUrl(range)}
            download
          >
            {text('reports.stat.export')}
          </Button>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {text('reports.stat.definitions')}
      </Typography>
      <SliceView query={report} sliceName={text('reports.tab.stat_orders')}>
        {(data) => (
          <>
            <Typography role="status" sx={{ mb: 1 }}>
              {text('reports.stat.total', { smart_count: data.total_orders })}
            </Typography>
            <StatOrdersTable report={data} />
          </>
        )}
      </SliceView>
    </Box>
  );
}
