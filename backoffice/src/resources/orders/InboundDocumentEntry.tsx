import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import type { InboundDocumentLogEntry } from '../../providers/records';
import { LogProblem, LogTime, Payload } from './IntegrationLog';

type Entry = Omit<InboundDocumentLogEntry, 'id' | 'order_id' | 'order_number'> & { order_number?: string | null };

/**
 * One supplier document as logged: type, payloadID, the cXML status answered, when, and the raw
 * document (its shared secret was redacted when logged; a refused sender's document is not kept).
 */
export function InboundDocumentEntry({ entry, showOrder }: { entry: Entry; showOrder?: boolean }) {
  const translate = useTranslate();
  const isApplied = entry.status_code === 200;
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider', py: 1.5, display: 'grid', gap: 0.75 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500 }}>{entry.document_type ?? '—'}</Typography>
        {showOrder && (
          <Typography variant="body2">
            {entry.order_number
              ? translate('supply_hub.inbound_log.order', { number: entry.order_number })
              : translate('supply_hub.inbound_log.no_order')}
          </Typography>
        )}
        <Chip
          size="small"
          color={isApplied ? 'success' : 'error'}
          label={translate('supply_hub.fulfilment.documents.status', {
            code: entry.status_code,
            text: entry.status_text,
          })}
        />
        {entry.duration_ms !== null && (
          <Typography variant="body2">
            {translate('supply_hub.inbound_log.duration', { ms: entry.duration_ms })}
          </Typography>
        )}
        <LogTime at={entry.received_at} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        payloadID: {entry.payload_id ?? '—'}
      </Typography>
      <LogProblem text={isApplied ? null : entry.message} />
      <Box component="details">
        <Box component="summary" sx={{ cursor: 'pointer', color: 'primary.main', width: 'fit-content' }}>
          {translate('supply_hub.fulfilment.documents.view')}
        </Box>
        <Box sx={{ mt: 1 }}>
          <Payload
            label={translate('supply_hub.fulfilment.documents.raw')}
            body={entry.raw_document ?? translate('supply_hub.fulfilment.documents.not_kept')}
          />
        </Box>
      </Box>
    </Box>
  );
}
