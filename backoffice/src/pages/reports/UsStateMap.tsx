import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MapState } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type MouseEvent } from 'react';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { loadStateShapes, MAP_HEIGHT, MAP_WIDTH, type StateShape } from './stateShapes';
import { formatCount } from './reportFormat';
import { useReportsText } from './useReportsText';

const NO_SPEND = '#eceff1';
const LIGHTEST = [0xbb, 0xde, 0xfb] as const; // spend just above nothing
const DARKEST = [0x0d, 0x47, 0xa1] as const; // the highest spend of the range

/** The fill of a state whose spend is `share` (0..1] of the highest state's. */
function shade(share: number): string {
  const channel = (index: 0 | 1 | 2) => Math.round(LIGHTEST[index] + (DARKEST[index] - LIGHTEST[index]) * share);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

interface Hovered {
  shape: StateShape;
  x: number;
  y: number;
}

function StateTooltip({ hovered, figures }: { hovered: Hovered; figures: MapState | undefined }) {
  const text = useReportsText();
  return (
    <Paper
      role="tooltip"
      elevation={4}
      sx={{ position: 'absolute', left: hovered.x + 12, top: hovered.y + 12, p: 1, pointerEvents: 'none', zIndex: 1 }}
    >
      <Typography variant="subtitle2">{hovered.shape.name}</Typography>
      <Typography variant="body2">
        {text('reports.region.tooltip_orders', { count: formatCount(figures?.orders ?? 0) })}
      </Typography>
      <Typography variant="body2">
        {text('reports.region.tooltip_units', { count: formatCount(figures?.units ?? 0) })}
      </Typography>
      <Typography variant="body2">
        {text('reports.region.tooltip_spend', { amount: formatUsd(figures?.spend ?? '0.00') })}
      </Typography>
    </Paper>
  );
}

function Legend({ highest }: { highest: number }) {
  const text = useReportsText();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
      <Box sx={{ width: 16, height: 16, bgcolor: NO_SPEND, border: '1px solid #90a4ae' }} />
      <Typography variant="body2">{text('reports.region.legend_none')}</Typography>
      <Box sx={{ width: 160, height: 16, ml: 2, background: `linear-gradient(to right, ${shade(0)}, ${shade(1)})` }} />
      <Typography variant="body2">{text('reports.region.legend_max', { amount: formatUsd(highest) })}</Typography>
    </Box>
  );
}

/**
 * US states shaded by spend relative to the highest state, with a tooltip of orders, units and
 * spend (admin-portal §2.3). For assistive technology the map is one image whose summary is the
 * regional table shown with it. Lazy: d3-geo, topojson-client and the atlas load with the map only.
 */
export default function UsStateMap({ states }: { states: readonly MapState[] }) {
  const text = useReportsText();
  const shapes = useQuery({ queryKey: ['us-atlas', 'states'], queryFn: loadStateShapes, staleTime: Infinity });
  const [hovered, setHovered] = useState<Hovered | null>(null);
  const byCode = useMemo(() => new Map(states.map((state) => [state.state.toUpperCase(), state])), [states]);
  const highest = Math.max(0, ...states.map((state) => Number(state.spend)));

  const track = (shape: StateShape) => (event: MouseEvent<SVGPathElement>) => {
    const box = event.currentTarget.ownerSVGElement?.parentElement?.getBoundingClientRect();
    if (box) setHovered({ shape, x: event.clientX - box.left, y: event.clientY - box.top });
  };

  if (shapes.isPending) return <LinearProgress aria-label={text('reports.region.map_loading')} />;
  if (shapes.isError) return <Alert severity="warning">{text('reports.region.map_failed')}</Alert>;
  return (
    <Box>
      <Box sx={{ position: 'relative' }} onMouseLeave={() => setHovered(null)}>
        <svg
          role="img"
          aria-label={text('reports.region.map_label')}
          viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
          style={{ width: '100%', height: 'auto', display: 'block' }}
          data-testid="us-state-map"
        >
          {shapes.data.map((shape) => {
            const figures = byCode.get(shape.code);
            const spend = Number(figures?.spend ?? 0);
            return (
              <path
                key={shape.code}
                d={shape.d}
                data-state={shape.code}
                data-spend={figures?.spend ?? '0.00'}
                fill={spend > 0 && highest > 0 ? shade(spend / highest) : NO_SPEND}
                stroke="#ffffff"
                onMouseEnter={track(shape)}
                onMouseMove={track(shape)}
              />
            );
          })}
          {/* The hovered state's outline, drawn last so that no neighbour covers it. */}
          {hovered && <path d={hovered.shape.d} fill="none" stroke="#263238" strokeWidth={2} pointerEvents="none" />}
        </svg>
        {hovered && <StateTooltip hovered={hovered} figures={byCode.get(hovered.shape.code)} />}
      </Box>
      <Legend highest={highest} />
    </Box>
  );
}
