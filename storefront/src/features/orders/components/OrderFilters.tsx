import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';

import { ALL_DEPARTMENTS, ORDER_TABS, type OrderTab } from '../order-filters.rules';

export const ORDERS_PANEL_ID = 'orders-panel';
export const orderTabId = (tab: OrderTab) => `orders-tab-${tab}`;

interface OrderFiltersProps {
  tab: OrderTab;
  onTabChange(tab: OrderTab): void;
  counts: Record<OrderTab, number>;
  department: string;
  departments: readonly string[];
  onDepartmentChange(department: string): void;
}

/** Status tabs with their counts, and the department filter ('All Departments'). */
export function OrderFilters({
  tab,
  onTabChange,
  counts,
  department,
  departments,
  onDepartmentChange,
}: OrderFiltersProps) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' }, borderBottom: 1, borderColor: 'divider', mb: 3 }}
    >
      <Tabs
        value={tab}
        onChange={(_event, value: OrderTab) => onTabChange(value)}
        aria-label="Order status"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ flexGrow: 1 }}
      >
        {ORDER_TABS.map((option) => (
          <Tab
            key={option.value}
            value={option.value}
            id={orderTabId(option.value)}
            aria-controls={ORDERS_PANEL_ID}
            label={
              <span>
                {option.label}{' '}
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                  ({counts[option.value]})
                </Box>
              </span>
            }
          />
        ))}
      </Tabs>
      <TextField
        select
        size="small"
        label="Department"
        value={department}
        onChange={(event) => onDepartmentChange(event.target.value)}
        sx={{ minWidth: 220, pb: { xs: 2, md: 0 } }}
        slotProps={{ select: { native: true } }}
      >
        <option value={ALL_DEPARTMENTS}>All Departments</option>
        {departments.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
