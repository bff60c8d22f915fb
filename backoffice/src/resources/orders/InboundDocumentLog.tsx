import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';

import type { InboundDocumentLogEntry } from '../../providers/records';
import { InboundDocumentEntry } from './InboundDocumentEntry';

const PAGE_SIZE = 25;

/** The supplier documents received (GET /api/admin/inbound-documents), newest first, 25 a page. */
export function InboundDocumentLog() {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const documents = useGetList<InboundDocumentLogEntry>('inbound-documents', {
    pagination: { page, perPage: PAGE_SIZE },
    sort: { field: 'received_at', order: 'DESC' },
  });
  if (documents.isPending) return <LinearProgress aria-label={translate('supply_hub.common.loading')} />;
  if (documents.error) {
    return (
      <Alert severity="error">
        {translate('supply_hub.inbound_log.load_failed', {
          message: documents.error.message || translate('supply_hub.common.unknown_error'),
        })}
      </Alert>
    );
  }
  const total = documents.total ?? 0;
  if (total === 0) return <Typography color="text.secondary">{translate('supply_hub.inbound_log.empty')}</Typography>;
  const from = (page - 1) * PAGE_SIZE + 1;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box component="ul" aria-label={translate('supply_hub.inbound_log.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {documents.data.map((entry) => (
          <InboundDocumentEntry key={entry.id} entry={entry} showOrder />
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 auto' }}>
          {translate('supply_hub.inbound_log.range', { from, to: from + documents.data.length - 1, total })}
        </Typography>
        <Button size="small" disabled={page === 1} onClick={() => setPage(page - 1)}>
          {translate('supply_hub.inbound_log.newer')}
        </Button>
        <Button size="small" disabled={from + documents.data.length - 1 >= total} onClick={() => setPage(page + 1)}>
          {translate('supply_hub.inbound_log.older')}
        </Button>
      </Box>
    </Box>
  );
}
