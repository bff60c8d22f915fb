import Box from '@mui/material/Box';
import type { ReorderRow, TopProductRow } from '@supply-hub/api/contracts';
import { useId } from 'react';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { ExportCsvButton } from './ExportCsvButton';
import { formatCount, formatDay } from './reportFormat';
import type { ReportRange } from './reportRange';
import { ReportTable, type ReportColumn } from './ReportTable';
import { SliceHeading } from './SliceSection';
import { SliceView } from './SliceView';
import { useReportSlice } from './useReportSlice';
import { useReportsText, type ReportsText } from './useReportsText';

const days = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function topProductColumns(text: ReportsText): ReportColumn<TopProductRow>[] {
  return [
    { key: 'asin', label: text('reports.top_products.asin'), render: (row) => row.asin },
    { key: 'title', label: text('reports.top_products.title'), render: (row) => row.title },
    {
      key: 'total_units',
      label: text('reports.top_products.units'),
      render: (row) => formatCount(row.total_units),
      isNumeric: true,
    },
    {
      key: 'total_spend',
      label: text('reports.top_products.spend'),
      render: (row) => formatUsd(row.total_spend),
      isNumeric: true,
    },
  ];
}

function reorderColumns(text: ReportsText): ReportColumn<ReorderRow>[] {
  return [
    { key: 'asin', label: text('reports.reorders.asin'), render: (row) => row.asin },
    { key: 'title_snapshot', label: text('reports.reorders.title'), render: (row) => row.title_snapshot },
    {
      key: 'first_purchase',
      label: text('reports.reorders.first_purchase'),
      render: (row) => formatDay(row.first_purchase),
    },
    {
      key: 'last_purchase',
      label: text('reports.reorders.last_purchase'),
      render: (row) => formatDay(row.last_purchase),
    },
    {
      key: 'purchase_count',
      label: text('reports.reorders.count'),
      render: (row) => formatCount(row.purchase_count),
      isNumeric: true,
    },
    {
      key: 'avg_days_between',
      label: text('reports.reorders.avg_days_between'),
      render: (row) =>
        row.avg_days_between === null ? text('reports.reorders.once') : days.format(row.avg_days_between),
      isNumeric: true,
    },
  ];
}

/** Top Products: ASIN, title, units, spend (admin-portal §2.3). */
export function TopProductsTab({ range }: { range: ReportRange }) {
  const text = useReportsText();
  const headingId = useId();
  const query = useReportSlice('top_products', range);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SliceHeading
        id={headingId}
        title={text('reports.tab.top_products')}
        actions={<ExportCsvButton request={{ slice: 'top_products', filters: range }} />}
      />
      <SliceView query={query} sliceName="top_products">
        {(rows) => (
          <ReportTable
            caption={text('reports.top_products.caption')}
            columns={topProductColumns(text)}
            rows={rows}
            rowKey={(row) => row.asin}
            hasRowHeader={false}
          />
        )}
      </SliceView>
    </Box>
  );
}

/** Reorders: asin, title, first and last purchase, count, average days between (admin-portal §2.3). */
export function ReordersTab({ range }: { range: ReportRange }) {
  const text = useReportsText();
  const headingId = useId();
  const query = useReportSlice('reorders', range);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SliceHeading
        id={headingId}
        title={text('reports.tab.reorders')}
        actions={<ExportCsvButton request={{ slice: 'reorders', filters: range }} />}
      />
      <SliceView query={query} sliceName="reorders">
        {(rows) => (
          <ReportTable
            caption={text('reports.reorders.caption')}
            columns={reorderColumns(text)}
            rows={rows}
            rowKey={(row) => row.asin}
            hasRowHeader={false}
          />
        )}
      </SliceView>
    </Box>
  );
}
