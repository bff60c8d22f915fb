import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProductGtin } from '@supply-hub/api/contracts';
import { useId, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';

import { CsvFileButton } from '../../components/CsvFileButton';
import { useCsvImport } from '../../components/useCsvImport';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorMessageOf } from '../../providers/httpClient';

function GtinList({ gtins }: { gtins: readonly ProductGtin[] }) {
  const translate = useTranslate();
  if (gtins.length === 0) return <em>{translate('supply_hub.catalog.gtin_import_none')}</em>;
  return <>{gtins.map((gtin) => `${gtin.gtin} × ${gtin.units}`).join(', ')}</>;
}

/** The catalogue's "Load GTINs (CSV)": the file is checked first (a dry run listing the changes), then loaded. */
function GtinImportDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  const csvImport = useCsvImport(
    (csv: string, isDryRun: boolean) => dataProvider.importProductGtins(csv, isDryRun),
    (result) => {
      notify('supply_hub.catalog.gtin_import_done', {
        type: 'success',
        messageArgs: { smart_count: result.changes.length },
      });
      refresh();
      onClose();
    },
  );
  const { preview } = csvImport;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{translate('supply_hub.catalog.gtin_import_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('supply_hub.catalog.gtin_import_help')}
        </Typography>
        <CsvFileButton
          label={csvImport.file?.name ?? translate('supply_hub.catalog.gtin_import_choose')}
          onChoose={(file) => void csvImport.choose(file)}
          startIcon={<UploadFileIcon />}
        />
        {csvImport.failure !== undefined && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessageOf(csvImport.failure, translate('supply_hub.common.save_failed'))}
          </Alert>
        )}
        {preview && preview.changes.length === 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('supply_hub.catalog.gtin_import_nothing')}
          </Alert>
        )}
        {preview && preview.changes.length > 0 && (
          <>
            <Typography role="status" sx={{ mt: 2 }}>
              {translate('supply_hub.catalog.gtin_import_changes', { smart_count: preview.changes.length })}
            </Typography>
            <Table size="small" aria-label={translate('supply_hub.catalog.gtin_import_title')}>
              <TableHead>
                <TableRow>
                  <TableCell>ASIN</TableCell>
                  <TableCell>{translate('supply_hub.catalog.field.title')}</TableCell>
                  <TableCell>{translate('supply_hub.catalog.gtin_import_before')}</TableCell>
                  <TableCell>{translate('supply_hub.catalog.gtin_import_after')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.changes.map((change) => (
                  <TableRow key={change.asin}>
                    <TableCell>{change.asin}</TableCell>
                    <TableCell>{change.title}</TableCell>
                    <TableCell>
                      <GtinList gtins={change.before} />
                    </TableCell>
                    <TableCell>
                      <GtinList gtins={change.after} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('supply_hub.common.cancel')}</Button>
        {preview && preview.changes.length > 0 ? (
          <Button variant="contained" disabled={csvImport.isBusy} onClick={() => void csvImport.applyFile()}>
            {translate('supply_hub.catalog.gtin_import_apply', { smart_count: preview.changes.length })}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={!csvImport.file || csvImport.isBusy}
            onClick={() => void csvImport.checkFile()}
          >
            {translate('supply_hub.catalog.gtin_import_preview')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export function GtinImportButton() {
  const translate = useTranslate();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate('supply_hub.catalog.gtin_import')}
      </Button>
      {isOpen && <GtinImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
