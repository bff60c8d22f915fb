import DownloadIcon from '@mui/icons-material/Download';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';

import { saveDownload } from '../../components/saveDownload';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import type { Invoice } from '../../providers/records';
import { InvoiceDecisionButton } from './InvoiceDecisionButton';
import { InvoiceReasons } from './InvoiceReasons';

const TABS = {
  exception: { status: 'exception' },
  ready: { is_ready_to_pay: true },
  disputed: { status: 'disputed' },
  credit: { status: 'credit' },
  withdrawn: { status: 'withdrawn' },
} as const;
type TabName = keyof typeof TABS;

function tabOf(filter: Record<string, unknown>): TabName {
  if (filter.is_ready_to_pay === true) return 'ready';
  const status = filter.status;
  return status === 'disputed' || status === 'credit' || status === 'withdrawn' ? status : 'exception';
}

const CHIP_COLORS: Record<Invoice['status'], 'warning' | 'error' | 'success' | 'info' | 'default'> = {
  exception: 'warning',
  disputed: 'error',
  matched: 'success',
  accepted: 'success',
  credit: 'info',
  withdrawn: 'default',
};

function QueueTabs() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext<Invoice>();
  return (
    <Tabs
      value={tabOf(filterValues as Record<string, unknown>)}
      onChange={(_event, tab: TabName) =>
        setFilters({ ...TABS[tab], ...(filterValues.q ? { q: filterValues.q } : {}) })
      }
      aria-label={translate('supply_hub.invoices.tabs')}
    >
      {(Object.keys(TABS) as TabName[]).map((tab) => (
        <Tab key={tab} value={tab} label={translate(`supply_hub.invoices.tab.${tab}`)} />
      ))}
    </Tabs>
  );
}

/** The ready-to-pay list as CSV for accounts payable (GET /api/admin/invoice-exports/ready-to-pay). */
function ExportReadyToPayButton() {
  const notify = useNotify();
  const dataProvider = useSupplyHubDataProvider();
  const exporting = useMutation({
    mutationFn: () => dataProvider.exportReadyToPayInvoices(),
    onSuccess: saveDownload,
    onError: () => notify('supply_hub.invoices.export_failed', { type: 'error' }),
  });
  return (
    <Button label="supply_hub.invoices.export" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
      <DownloadIcon />
    </Button>
  );
}

function StatusChip() {
  const translate = useTranslate();
  return (
    <FunctionField<Invoice>
      label="supply_hub.invoices.status"
      render={(invoice) => (
        <Chip
          size="small"
          color={CHIP_COLORS[invoice.status]}
          label={translate(`supply_hub.invoices.status_label.${invoice.status}`)}
        />
      )}
    />
  );
}

/** Finance's invoice queue: exceptions with their reasons per line (expand a row), decisions, ready to pay. */
export default function InvoiceList() {
  const translate = useTranslate();
  return (
    <List
      resource="invoices"
      title="supply_hub.invoices.title"
      filterDefaultValues={TABS.exception}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('supply_hub.invoices.search')} />]}
      sort={{ field: 'received_at', order: 'DESC' }}
      actions={
        <TopToolbar>
          <ExportReadyToPayButton />
        </TopToolbar>
      }
      exporter={false}
      empty={false}
    >
      <QueueTabs />
      <Datagrid
        bulkActionButtons={false}
        rowClick="expand"
        expand={<InvoiceReasons />}
        expandSingle={false}
        empty={<Stack sx={{ p: 2 }}>{translate('supply_hub.invoices.empty')}</Stack>}
      >
        <TextField source="invoice_id" label="supply_hub.invoices.invoice_id" />
        <TextField source="order_number" label="supply_hub.invoices.order_number" sortable={false} />
        <DateField source="received_at" label="supply_hub.invoices.received_at" showTime />
        <FunctionField<Invoice>
          label="supply_hub.invoices.due_amount"
          sortBy="net_amount"
          render={(invoice) => formatUsd(invoice.due_amount)}
        />
        <StatusChip />
        <FunctionField<Invoice>
          label=""
          render={() => (
            <Stack direction="row" spacing={1}>
              <InvoiceDecisionButton decision="accept" />
              <InvoiceDecisionButton decision="dispute" />
            </Stack>
          )}
        />
      </Datagrid>
    </List>
  );
}
