import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ListBase, Pagination, useListContext, useTranslate } from 'react-admin';

import { PageHeader } from '../../layout/PageHeader';
import type { AdminOrder } from '../../providers/records';
import { ApprovalCard } from './ApprovalCard';

function InboxView() {
  const translate = useTranslate();
  const { data, error, isPending } = useListContext<AdminOrder>();
  return (
    <>
      <PageHeader title="supply_hub.approvals.title" subtitle="supply_hub.approvals.subtitle" />
      {isPending && <LinearProgress aria-label={translate('supply_hub.common.loading')} />}
      {error && (
        <Alert severity="error">{translate('supply_hub.approvals.load_failed', { message: error.message })}</Alert>
      )}
      {data && data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {translate('supply_hub.approvals.empty')}
          </Typography>
        </Paper>
      )}
      {data && data.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {data.map((order) => (
            <ApprovalCard key={order.id} order={order} />
          ))}
        </Box>
      )}
      <Pagination rowsPerPageOptions={[]} />
    </>
  );
}

/** /admin/approvals: the orders waiting for a level the user may approve, oldest first. */
export default function ApprovalInbox() {
  return (
    <ListBase<AdminOrder> perPage={50} sort={{ field: 'created_at', order: 'ASC' }}>
      <InboxView />
    </ListBase>
  );
}
