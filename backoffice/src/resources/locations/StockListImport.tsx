import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import { CsvFileButton } from '../../components/CsvFileButton';
import { saveDownload } from '../../components/saveDownload';
import { useCsvImport } from '../../components/useCsvImport';
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
  const csvImport = useCsvImport(
    (csv: string, isDryRun: boolean) => dataProvider.importStockList(location?.id ?? '', csv, isDryRun),
    refresh,
  );
  if (!location) return null;
  const result = csvImport.preview ?? csvImport.applied;
  const problemLines = Object.entries(errorBodyOf(csvImport.failure)?.errors ?? {}).map(
    ([where, what]) => `${where}: ${what}`,
  );

  return (
    <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { md: 360 }, flexShrink: 0 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('supply_hub.locations.import_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('supply_hub.locations.import_help')}
        </Typography>
        <CsvFileButton
          label={translate('supply_hub.locations.choose_file')}
          onChoose={(file) => void csvImport.choose(file)}
          fullWidth
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="outlined"
            disabled={!csvImport.file || csvImport.isBusy}
            onClick={() => void csvImport.checkFile()}
          >
            {translate('supply_hub.locations.preview')}
          </Button>
          <Button
            variant="contained"
            disabled={!csvImport.file || csvImport.isBusy || !csvImport.preview}
            onClick={() => void csvImport.applyFile()}
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
        {csvImport.failure !== undefined && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessageOf(csvImport.failure, translate('supply_hub.locations.import_failed'))}
            {problemLines.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        )}
        {result && (
          <Alert severity={result.dry_run ? 'info' : 'success'} sx={{ mt: 2 }} role="status">
            {translate(result.dry_run ? 'supply_hub.locations.would_change' : 'supply_hub.locations.changed', {
              added: result.added.length,
              changed: result.changed.length,
              unchanged: result.unchanged,
            })}
            {result.added.map((line) => (
              <div key={`added-${line.asin}`}>
                + {line.asin}: par {line.par}, reorder {line.reorder_point ?? '—'}, pack {line.pack_size}
              </div>
            ))}
            {result.changed.map((change) => (
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
