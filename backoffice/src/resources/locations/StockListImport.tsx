import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StockListImportResult } from '@supply-hub/api/contracts';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import { saveDownload } from '../../components/saveDownload';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf, errorMessageOf } from '../../providers/httpClient';
import type { LocationRecord } from '../../providers/records';

/**
 * CSV import of stock-list lines (asin,par,reorder_point,pack_size): choose a file, see what would
 * change (a dry run on the server), then apply it. A bad file lists its lines and changes nothing.
 */
export function StockListImport() {
  const location = useRecordContext<LocationRecord>();
  const dataProvider = useSupplyHubDataProvider();
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  const [csv, setCsv] = useState<string>();
  const [preview, setPreview] = useState<StockListImportResult>();
  const [problem, setProblem] = useState<{ message: string; lines: string[] }>();
  const [isBusy, setIsBusy] = useState(false);
  if (!location) return null;

  async function run(dryRun: boolean) {
    if (!location || csv === undefined) return;
    setIsBusy(true);
    setProblem(undefined);
    try {
      const result = await dataProvider.importStockList(location.id, csv, dryRun);
      setPreview(result);
      if (!dryRun) {
        setCsv(undefined);
        refresh();
      }
    } catch (error) {
      const errors = errorBodyOf(error)?.errors ?? {};
      setPreview(undefined);
      setProblem({
        message: errorMessageOf(error, translate('supply_hub.locations.import_failed')),
        lines: Object.entries(errors).map(([where, what]) => `${where}: ${what}`),
      });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { md: 360 }, flexShrink: 0 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('supply_hub.locations.import_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('supply_hub.locations.import_help')}
        </Typography>
        <Button component="label" variant="outlined" fullWidth>
          {translate('supply_hub.locations.choose_file')}
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label={translate('supply_hub.locations.choose_file')}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              setPreview(undefined);
              setProblem(undefined);
              setCsv(file ? await file.text() : undefined);
            }}
          />
        </Button>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="outlined" disabled={csv === undefined || isBusy} onClick={() => void run(true)}>
            {translate('supply_hub.locations.preview')}
          </Button>
          <Button
            variant="contained"
            disabled={csv === undefined || isBusy || !preview?.dry_run}
            onClick={() => void run(false)}
          >
            {translate('supply_hub.locations.apply')}
          </Button>
        </Stack>
        <Button
          sx={{ mt: 2 }}
          fullWidth
          onClick={() =>
            dataProvider
              .exportParReview(location.id)
              .then(saveDownload)
              .catch(() => notify('supply_hub.locations.par_review_failed', { type: 'error' }))
          }
        >
          {translate('supply_hub.locations.par_review')}
        </Button>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem.message}
            {problem.lines.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        )}
        {preview && (
          <Alert severity={preview.dry_run ? 'info' : 'success'} sx={{ mt: 2 }} role="status">
            {translate(preview.dry_run ? 'supply_hub.locations.would_change' : 'supply_hub.locations.changed', {
              added: preview.added.length,
              changed: preview.changed.length,
              unchanged: preview.unchanged,
            })}
            {preview.added.map((line) => (
              <div key={`added-${line.asin}`}>
                + {line.asin}: par {line.par}, reorder {line.reorder_point ?? '—'}, pack {line.pack_size}
              </div>
            ))}
            {preview.changed.map((change) => (
              <div key={`changed-${change.asin}`}>
                ~ {change.asin}: par {change.before.par} → {change.after.par}, reorder{' '}
                {change.before.reorder_point ?? '—'} → {change.after.reorder_point ?? '—'}, pack{' '}
                {change.before.pack_size} → {change.after.pack_size}
              </div>
            ))}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
