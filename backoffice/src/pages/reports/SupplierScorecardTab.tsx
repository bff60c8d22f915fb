import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  INVOICE_EXCEPTION_REASONS,
  INVOICE_EXCEPTION_REASON_LABELS,
  SUPPLIER_SCORECARD_COLUMNS,
  type ScorecardMeasure,
  type ScorecardShare,
  type SupplierScorecard,
  type SupplierScorecardRow,
} from '@supply-hub/api/contracts';
import { useId, type ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router';

import type { Permissions } from '../../providers/authProvider';
import type { ReportRange } from './reportRange';
import { SliceHeading } from './SliceSection';
import { SliceView } from './SliceView';
import { scorecardOrdersLink, supplierScorecardExportUrl, useSupplierScorecard } from './supplierScorecardApi';
import { useReportsText } from './useReportsText';

type ShareKey = {
  [K in keyof SupplierScorecardRow]: SupplierScorecardRow[K] extends ScorecardShare ? K : never;
}[keyof SupplierScorecardRow];

/** Each share: the orders its link opens, and what its count and denominator count. */
const SHARES: Record<ShareKey, { measure: ScorecardMeasure; unit: 'orders' | 'lines' | 'units' }> = {
  acknowledged_within_24h: { measure: 'acknowledged_24h', unit: 'orders' },
  fill_rate: { measure: 'acknowledged', unit: 'units' },
  lines_backordered: { measure: 'with_backorder', unit: 'lines' },
  lines_rejected: { measure: 'with_rejection', unit: 'lines' },
  price_changes: { measure: 'with_price_change', unit: 'lines' },
  on_time: { measure: 'on_time', unit: 'orders' },
  invoices_matched_first_time: { measure: 'matched_first_time', unit: 'orders' },
  perfect_orders: { measure: 'perfect', unit: 'orders' },
};
const isShareKey = (key: string): key is ShareKey => key in SHARES;

const percentText = (percent: number | null) => (percent === null ? '—' : `${percent.toFixed(1)} %`);

/** A figure, linked to the orders it counts for those who may open the orders list (admins). */
function Figure({
  children,
  measure,
  row,
  orders,
  canOpenOrders,
}: {
  children: ReactNode;
  measure: ScorecardMeasure;
  row: SupplierScorecardRow;
  orders: number;
  canOpenOrders: boolean;
}) {
  if (!canOpenOrders || orders === 0) return <>{children}</>;
  return (
    <Link
      component={RouterLink}
      to={scorecardOrdersLink(measure, row.supplier_identity, row.month)}
      title={`${orders} ${orders === 1 ? 'order' : 'orders'}`}
      data-orders={orders}
    >
      {children}
    </Link>
  );
}

function Caption({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {children}
    </Typography>
  );
}

function ScorecardCell({
  columnKey,
  row,
  canOpenOrders,
}: {
  columnKey: (typeof SUPPLIER_SCORECARD_COLUMNS)[number]['key'];
  row: SupplierScorecardRow;
  canOpenOrders: boolean;
}) {
  const figure = { row, canOpenOrders };
  if (columnKey === 'supplier_identity' || columnKey === 'month') return <>{row[columnKey]}</>;
  if (columnKey === 'orders_sent') {
    return (
      <Figure measure="sent" orders={row.orders_sent} {...figure}>
        {row.orders_sent}
      </Figure>
    );
  }
  if (columnKey === 'median_lead_time_days') {
    return (
      <>
        <Figure measure="received_in_full" orders={row.received_in_full} {...figure}>
          {row.median_lead_time_days === null ? '—' : `${row.median_lead_time_days} d`}
        </Figure>
        <Caption>{`${row.received_in_full} received in full`}</Caption>
      </>
    );
  }
  if (columnKey === 'invoice_exceptions') {
    const reasons = INVOICE_EXCEPTION_REASONS.filter((reason) => row.invoice_exceptions[reason] > 0);
    if (reasons.length === 0) return <>0</>;
    return (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {reasons.map((reason) => (
          <li key={reason}>
            {`${INVOICE_EXCEPTION_REASON_LABELS[reason]}: `}
            <Figure measure={`exception_${reason}`} orders={row.invoice_exceptions[reason]} {...figure}>
              {row.invoice_exceptions[reason]}
            </Figure>
          </li>
        ))}
      </Box>
    );
  }
  if (!isShareKey(columnKey)) return null;
  const share = row[columnKey];
  const { measure, unit } = SHARES[columnKey];
  return (
    <>
      <Figure measure={measure} orders={share.orders} {...figure}>
        {percentText(share.percent)}
      </Figure>
      <Caption>
        {`${share.count} of ${share.of} ${unit}`}
        {unit === 'lines' ? ` · ${share.orders} ${share.orders === 1 ? 'order' : 'orders'}` : ''}
      </Caption>
    </>
  );
}

function ScorecardTable({ scorecard, canOpenOrders }: { scorecard: SupplierScorecard; canOpenOrders: boolean }) {
  const text = useReportsText();
  if (scorecard.rows.length === 0) {
    return <Typography>{text('reports.suppliers.empty')}</Typography>;
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={text('reports.suppliers.table')}>
        <TableHead>
          <TableRow>
            {SUPPLIER_SCORECARD_COLUMNS.map((column) => (
              <TableCell key={column.key} align={column.key === 'supplier_identity' ? 'left' : 'right'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {scorecard.rows.map((row) => (
            <TableRow key={`${row.supplier_identity}/${row.month}`}>
              {SUPPLIER_SCORECARD_COLUMNS.map((column) =>
                column.key === 'supplier_identity' ? (
                  <TableCell key={column.key} component="th" scope="row">
                    {row.supplier_identity}
                  </TableCell>
                ) : (
                  <TableCell key={column.key} align="right">
                    <ScorecardCell columnKey={column.key} row={row} canOpenOrders={canOpenOrders} />
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Suppliers: the perfect-order scorecard per supplier and month sent, its definitions and its CSV. */
export function SupplierScorecardTab({ range }: { range: ReportRange }) {
  const text = useReportsText();
  const headingId = useId();
  const definitionsId = useId();
  const scorecard = useSupplierScorecard(range);
  const { permissions } = usePermissions<Permissions>();
  const canOpenOrders = permissions?.isAdmin ?? false;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SliceHeading
        id={headingId}
        title={text('reports.tab.suppliers')}
        actions={
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            href={supplierScorecardExportUrl(range)}
            download
          >
            {text('reports.export')}
          </Button>
        }
      />
      <SliceView query={scorecard} sliceName={text('reports.tab.suppliers')}>
        {(data) => <ScorecardTable scorecard={data} canOpenOrders={canOpenOrders} />}
      </SliceView>
      <Typography id={definitionsId} component="h3" variant="subtitle1" sx={{ mt: 3 }}>
        {text('reports.suppliers.definitions')}
      </Typography>
      <Box component="dl" aria-labelledby={definitionsId} sx={{ m: 0, '& dt': { fontWeight: 600, mt: 1 } }}>
        {SUPPLIER_SCORECARD_COLUMNS.map((column) => (
          <Box key={column.key} component="div">
            <Typography component="dt" variant="body2">
              {column.label}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              {column.definition}
            </Typography>
          </Box>
        ))}
      </Box>
      {!canOpenOrders && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {text('reports.suppliers.links_for_admins')}
        </Typography>
      )}
    </Box>
  );
}
