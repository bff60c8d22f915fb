import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ByRegionRow, MapRegion } from '@supply-hub/api/contracts';
import { lazy, Suspense, useId } from 'react';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { ExportCsvButton } from './ExportCsvButton';
import type { ReportRange } from './reportRange';
import type { RegionView } from './reportsApi';
import { ReportTable, type ReportColumn } from './ReportTable';
import { SliceHeading } from './SliceSection';
import { SliceView } from './SliceView';
import { useReportSlice } from './useReportSlice';
import { formatCount } from './reportFormat';
import { useReportsText, type ReportsText } from './useReportsText';

// d3-geo, topojson-client and the atlas load with the map view only.
const UsStateMap = lazy(() => import('./UsStateMap'));

/** A region's name; 'Other' with a line saying what it holds (regionOf in the contracts). */
function RegionName({ name, text }: { name: string; text: ReportsText }) {
  if (name !== 'Other') return name;
  return (
    <>
      {name}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {text('reports.region.other_hint')}
      </Typography>
    </>
  );
}

function regionColumns(text: ReportsText): ReportColumn<ByRegionRow>[] {
  return [
    {
      key: 'region',
      label: text('reports.region.region'),
      render: (row) => <RegionName name={row.region} text={text} />,
    },
    {
      key: 'order_count',
      label: text('reports.region.orders'),
      render: (row) => formatCount(row.order_count),
      isNumeric: true,
    },
    {
      key: 'total_spend',
      label: text('reports.region.spend'),
      render: (row) => formatUsd(row.total_spend),
      isNumeric: true,
    },
  ];
}

function summaryColumns(text: ReportsText): ReportColumn<MapRegion>[] {
  return [
    {
      key: 'regionName',
      label: text('reports.region.region'),
      render: (row) => <RegionName name={row.regionName} text={text} />,
    },
    { key: 'orders', label: text('reports.region.orders'), render: (row) => formatCount(row.orders), isNumeric: true },
    { key: 'units', label: text('reports.region.units'), render: (row) => formatCount(row.units), isNumeric: true },
    { key: 'spend', label: text('reports.region.spend'), render: (row) => formatUsd(row.spend), isNumeric: true },
  ];
}

function RegionTableView({ range }: { range: ReportRange }) {
  const text = useReportsText();
  const query = useReportSlice('by_region', range);
  return (
    <SliceView query={query} sliceName="by_region">
      {(rows) => (
        <ReportTable
          caption={text('reports.region.table_caption')}
          columns={regionColumns(text)}
          rows={rows}
          rowKey={(row) => row.region}
        />
      )}
    </SliceView>
  );
}

function RegionMapView({ range }: { range: ReportRange }) {
  const text = useReportsText();
  const titleId = useId();
  const query = useReportSlice('by_region_map', range);
  return (
    <SliceView query={query} sliceName="by_region">
      {(map) => (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Paper component="figure" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, m: 0 }}>
            <Typography id={titleId} component="figcaption" variant="subtitle1" sx={{ mb: 1 }}>
              {text('reports.region.map_title')}
            </Typography>
            <Suspense fallback={<LinearProgress aria-label={text('reports.region.map_loading')} />}>
              <UsStateMap states={map.states} />
            </Suspense>
          </Paper>
          <ReportTable
            caption={text('reports.region.summary_caption')}
            isCaptionVisible
            columns={summaryColumns(text)}
            rows={map.regions}
            rowKey={(row) => row.regionName}
          />
        </Box>
      )}
    </SliceView>
  );
}

/** By Region: the region table, or the US map of states with the regional summary (admin-portal §2.3). */
export function ByRegionTab({
  range,
  view,
  onViewChange,
}: {
  range: ReportRange;
  view: RegionView;
  onViewChange: (view: RegionView) => void;
}) {
  const text = useReportsText();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SliceHeading
        id={headingId}
        title={text('reports.tab.by_region')}
        actions={
          <>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              aria-label={text('reports.region.view')}
              value={view}
              onChange={(_, next: RegionView | null) => next && onViewChange(next)}
            >
              <ToggleButton value="table">{text('reports.region.table')}</ToggleButton>
              <ToggleButton value="map">{text('reports.region.map')}</ToggleButton>
            </ToggleButtonGroup>
            <ExportCsvButton request={{ slice: 'by_region', filters: range, view }} />
          </>
        }
      />
      {view === 'map' ? <RegionMapView range={range} /> : <RegionTableView range={range} />}
    </Box>
  );
}
