import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { SubmissionResult } from '@supply-hub/api/contracts';
import { useTranslate } from 'react-admin';

import { ResponsePreview, ResultDetail, ResultDetails } from '../../components/ResultDetails';

/** The submission result box (admin-portal §2.4) after an attempt, with View Details. */
export function SubmissionResultBox({ result }: { result: SubmissionResult }) {
  const translate = useTranslate();
  const detailsId = useId();
  const [isOpen, setOpen] = useState(false);
  const none = translate('supply_hub.submission.none');
  const address = result.addressSummary;
  return (
    <Alert
      severity={result.ok ? 'success' : 'error'}
      role="region"
      aria-label={translate('supply_hub.submission.label')}
      sx={{ '& .MuiAlert-message': { flex: '1 1 auto', minWidth: 0 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500, flex: '1 1 auto' }}>
          {result.ok
            ? translate('supply_hub.submission.ok', { status: result.httpStatus ?? '' })
            : translate('supply_hub.submission.failed', {
                stage: translate(`supply_hub.submission.stage.${result.stage}`),
              })}
        </Typography>
        <Button size="small" aria-expanded={isOpen} aria-controls={detailsId} onClick={() => setOpen((open) => !open)}>
          {translate(isOpen ? 'supply_hub.submission.hide_details' : 'supply_hub.submission.view_details')}
        </Button>
      </Box>
      <Collapse in={isOpen} id={detailsId}>
        <ResultDetails>
          <ResultDetail label={translate('supply_hub.submission.ship_to')}>
            {address ? translate('supply_hub.submission.ship_to_value', address) : none}
          </ResultDetail>
          <ResultDetail label={translate('supply_hub.submission.target')}>{result.target ?? none}</ResultDetail>
          <ResultDetail label={translate('supply_hub.submission.http_status')}>
            {result.httpStatus ?? none}
          </ResultDetail>
          <ResultDetail label={translate('supply_hub.submission.supplier_order_id')}>
            {result.supplierOrderId ?? none}
          </ResultDetail>
          <ResultDetail label={translate('supply_hub.submission.error')}>{result.error ?? none}</ResultDetail>
          <ResultDetail label={translate('supply_hub.submission.response_preview')}>
            {result.bodyPreview ? <ResponsePreview text={result.bodyPreview} /> : none}
          </ResultDetail>
        </ResultDetails>
      </Collapse>
    </Alert>
  );
}
