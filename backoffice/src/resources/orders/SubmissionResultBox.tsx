import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import type { SubmissionResult } from '@supply-hub/api/contracts';
import { useTranslate } from 'react-admin';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 500 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

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
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mt: 1, mb: 0 }}
        >
          <Detail label={translate('supply_hub.submission.ship_to')}>
            {address ? translate('supply_hub.submission.ship_to_value', address) : none}
          </Detail>
          <Detail label={translate('supply_hub.submission.target')}>{result.target ?? none}</Detail>
          <Detail label={translate('supply_hub.submission.http_status')}>{result.httpStatus ?? none}</Detail>
          <Detail label={translate('supply_hub.submission.supplier_order_id')}>{result.supplierOrderId ?? none}</Detail>
          <Detail label={translate('supply_hub.submission.error')}>{result.error ?? none}</Detail>
          <Detail label={translate('supply_hub.submission.response_preview')}>
            {result.bodyPreview ? (
              <Box
                component="pre"
                sx={{ m: 0, p: 1, bgcolor: 'background.paper', fontSize: 12, whiteSpace: 'pre-wrap', maxHeight: 240 }}
              >
                {result.bodyPreview}
              </Box>
            ) : (
              none
            )}
          </Detail>
        </Box>
      </Collapse>
    </Alert>
  );
}
