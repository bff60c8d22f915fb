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
import type { CsvImportResult } from '@supply-hub/api/contracts/csv-imports';
import { useId, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';

import { errorBodyOf, errorMessageOf, httpClient } from '../providers/httpClient';
import { CsvFileButton } from './CsvFileButton';
import { useCsvImport } from './useCsvImport';

export type CsvImportKind = 'departments' | 'budgets' | 'users';

async function sendImport(kind: CsvImportKind, csv: string, isDryRun: boolean): Promise<CsvImportResult> {
  const { json } = await httpClient(`/api/admin/${kind}/import?dry_run=${isDryRun ? 'true' : 'false'}`, {
    method: 'POST',
    body: csv,
    headers: new Headers({ 'Content-Type': 'text/csv', Accept: 'application/json' }),
  });
  return json as CsvImportResult;
}

function ImportRows({ result, label }: { result: CsvImportResult; label: string }) {
  const translate = useTranslate();
  const text = (name: string) => translate(`supply_hub.csv_import.${name}`);
  return (
    <Table size="small" aria-label={label} sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>{text('column_line')}</TableCell>
          <TableCell>{text('column_key')}</TableCell>
          <TableCell>{text('column_outcome')}</TableCell>
          <TableCell>{text('column_message')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {result.rows.map((row) => (
          <TableRow key={row.line} sx={row.outcome === 'error' ? { bgcolor: 'error.50' } : undefined}>
            <TableCell>{row.line}</TableCell>
            <TableCell>{row.key}</TableCell>
            <TableCell sx={row.outcome === 'error' ? { color: 'error.main', fontWeight: 600 } : undefined}>
              {text(`outcome.${row.outcome}`)}
            </TableCell>
            <TableCell>{row.message}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Choose a file → a dry run listing what each row would do and every error → apply (all rows or none). */
function CsvImportDialog({ kind, onClose }: { kind: CsvImportKind; onClose: () => void }) {
  const titleId = useId();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const csvImport = useCsvImport(
    (csv: string, isDryRun: boolean) => sendImport(kind, csv, isDryRun),
    (result) => {
      notify('supply_hub.csv_import.applied', { type: 'success', messageArgs: { ...result } });
      refresh();
      onClose();
    },
  );
  const { preview } = csvImport;
  const title = translate(`supply_hub.csv_import.title_${kind}`);
  const problems = Object.entries(errorBodyOf(csvImport.failure)?.errors ?? {});

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate(`supply_hub.csv_import.help_${kind}`)}
        </Typography>
        <CsvFileButton
          label={csvImport.file?.name ?? translate('supply_hub.csv_import.choose')}
          onChoose={(file) => void csvImport.choose(file)}
          startIcon={<UploadFileIcon />}
        />
        {csvImport.failure !== undefined && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessageOf(csvImport.failure, translate('supply_hub.csv_import.failed'))}
            {problems.map(([where, what]) => (
              <div key={where}>
                {where}: {what}
              </div>
            ))}
          </Alert>
        )}
        {preview && (
          <>
            <Alert severity={preview.ok ? 'info' : 'warning'} role="status" sx={{ mt: 2 }}>
              {translate('supply_hub.csv_import.summary', { ...preview })}
              {!preview.ok && <div>{translate('supply_hub.csv_import.has_errors')}</div>}
            </Alert>
            <ImportRows result={preview} label={title} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('supply_hub.common.cancel')}</Button>
        {preview?.ok ? (
          <Button variant="contained" disabled={csvImport.isBusy} onClick={() => void csvImport.applyFile()}>
            {translate('supply_hub.csv_import.apply', { smart_count: preview.rows.length })}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={!csvImport.file || csvImport.isBusy}
            onClick={() => void csvImport.checkFile()}
          >
            {translate('supply_hub.csv_import.check')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The "Import CSV" button of the Departments, Budgets and Users & Roles lists. */
export function CsvImportButton({ kind }: { kind: CsvImportKind }) {
  const translate = useTranslate();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate('supply_hub.csv_import.button')}
      </Button>
      {isOpen && <CsvImportDialog kind={kind} onClose={() => setOpen(false)} />}
    </>
  );
}
