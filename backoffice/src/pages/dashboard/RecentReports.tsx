import AssessmentIcon from '@mui/icons-material/Assessment';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { DashboardCards } from '@supply-hub/api/contracts';
import { useId } from 'react';
import { Link } from 'react-router';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { ReportsPage } from '../index';
import { formatCount, formatDay } from '../reports/reportFormat';
import { StatCard } from '../reports/StatCard';
import { useReportsText } from '../reports/useReportsText';

function TopItems({ items }: { items: DashboardCards['top_items'] }) {
  const text = useReportsText();
  const ranked = [...items].sort((a, b) => b.total_units - a.total_units);
  if (ranked.length === 0) return <Typography variant="body2">{text('dashboard.top_items_empty')}</Typography>;
  return (
    <List dense disablePadding component="ol" sx={{ listStyle: 'decimal', pl: 3 }}>
      {ranked.map((item) => (
        <ListItem key={item.asin} disableGutters sx={{ display: 'list-item' }}>
          <ListItemText
            primary={item.title}
            secondary={`${text('dashboard.top_item_units', { smart_count: item.total_units })} · ${formatUsd(item.total_spend)}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * Recent Reports (admin-portal §2.2): Monthly Spend (total_spend, last 30 days), Top Ordered Items
 * (by total_units), Latest Orders (total_orders, avg_order_value), and the way to the reports.
 */
export function RecentReports({ cards }: { cards: DashboardCards }) {
  const text = useReportsText();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, mb: 2 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {text('dashboard.recent_reports')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 auto' }}>
          {text('dashboard.range', { from: formatDay(cards.start_date), to: formatDay(cards.end_date) })}
        </Typography>
        <Button component={Link} to={ReportsPage.path} startIcon={<AssessmentIcon />}>
          {text('dashboard.view_reports')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' }}>
        <StatCard
          title={text('dashboard.monthly_spend')}
          value={formatUsd(cards.overview.total_spend)}
          help={text('dashboard.monthly_spend_help')}
        />
        <StatCard title={text('dashboard.top_items')}>
          <TopItems items={cards.top_items} />
        </StatCard>
        <StatCard
          title={text('dashboard.latest_orders')}
          value={formatCount(cards.overview.total_orders)}
          help={text('dashboard.latest_orders_help', { amount: formatUsd(cards.overview.avg_order_value) })}
        />
      </Box>
    </Box>
  );
}
