import CampaignIcon from '@mui/icons-material/Campaign';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RecallLookup, RecallQuery } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';

import { NoteDialog } from '../components/NoteDialog';
import { saveDownload } from '../components/saveDownload';
import { PageHeader } from '../layout/PageHeader';
import { useSupplyHubDataProvider } from '../providers/dataProvider';
import { errorMessageOf } from '../providers/httpClient';

const dateTime = (iso: string) => new Date(iso).toLocaleString();

function NotifyDialog({
  lookup,
  query,
  onClose,
}: {
  lookup: RecallLookup;
  query: RecallQuery;
  onClose: (notified?: number) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useSupplyHubDataProvider();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const requesters = new Set(lookup.receipts.map((receipt) => receipt.requester_email)).size;

  async function send() {
    setSending(true);
    try {
      const result = await dataProvider.notifyRecall({ ...query, ...(message.trim() ? { message } : {}) });
      onClose(result.notified);
    } catch (failure) {
      setError(errorMessageOf(failure, translate('supply_hub.common.save_failed')));
      setSending(false);
    }
  }

  return (
    <NoteDialog
      open
      title={translate('supply_hub.recalls.notify_title', { smart_count: requesters })}
      intro={translate('supply_hub.recalls.notify_help', { title: lookup.title, lot: lookup.lot })}
      label={translate('supply_hub.recalls.message')}
      note={message}
      onNoteChange={setMessage}
      maxLength={2000}
      confirmLabel={translate('supply_hub.recalls.send')}
      isPending={isSending}
      error={error}
      onCancel={() => onClose()}
      onConfirm={() => void send()}
    />
  );
}

/** /admin/recalls: which wards received a recalled lot, as CSV, and the requesters told in one action. */
export default function RecallsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useSupplyHubDataProvider();
  const [code, setCode] = useState('');
  const [lot, setLot] = useState('');
  const [query, setQuery] = useState<RecallQuery | null>(null);
  const [lookup, setLookup] = useState<RecallLookup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isNotifying, setNotifying] = useState(false);

  async function search(event: FormEvent) {
    event.preventDefault();
    const next: RecallQuery = { code: code.trim(), ...(lot.trim() ? { lot: lot.trim() } : {}) };
    setError(null);
    try {
      setLookup(await dataProvider.lookUpRecall(next));
      setQuery(next);
    } catch (failure) {
      setLookup(null);
      setError(errorMessageOf(failure, translate('supply_hub.recalls.failed')));
    }
  }

  async function download() {
    if (!query) return;
    try {
      saveDownload(await dataProvider.exportRecall(query));
    } catch (failure) {
      setError(errorMessageOf(failure, translate('supply_hub.recalls.failed')));
    }
  }

  return (
    <>
      <PageHeader title="supply_hub.recalls.title" subtitle="supply_hub.recalls.subtitle" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          onSubmit={(event) => void search(event)}
          role="search"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            label={translate('supply_hub.recalls.code')}
            helperText={translate('supply_hub.recalls.code_help')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
            sx={{ flex: '2 1 320px' }}
            slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
          />
          <TextField
            label={translate('supply_hub.recalls.lot')}
            helperText={translate('supply_hub.recalls.lot_help')}
            value={lot}
            onChange={(event) => setLot(event.target.value)}
            sx={{ flex: '1 1 180px' }}
            slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ mt: 1 }}>
            {translate('supply_hub.recalls.search')}
          </Button>
        </Box>
      </Paper>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {lookup && query && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
            <Typography role="status" sx={{ mr: 'auto' }}>
              {translate(lookup.receipts.length === 0 ? 'supply_hub.recalls.none_found' : 'supply_hub.recalls.found', {
                smart_count: lookup.receipts.length,
                title: lookup.title,
                asin: lookup.asin,
                lot: lookup.lot,
                units: lookup.total_quantity,
              })}
            </Typography>
            <Button startIcon={<DownloadIcon />} onClick={() => void download()}>
              {translate('supply_hub.recalls.export')}
            </Button>
            <Button
              variant="contained"
              color="warning"
              startIcon={<CampaignIcon />}
              disabled={lookup.receipts.length === 0}
              onClick={() => setNotifying(true)}
            >
              {translate('supply_hub.recalls.notify')}
            </Button>
          </Box>
          {lookup.receipts.length > 0 && (
            <Table size="small" aria-label={translate('supply_hub.recalls.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('supply_hub.recalls.column.order')}</TableCell>
                  <TableCell>{translate('supply_hub.recalls.column.location')}</TableCell>
                  <TableCell>{translate('supply_hub.recalls.column.department')}</TableCell>
                  <TableCell>{translate('supply_hub.recalls.column.received_by')}</TableCell>
                  <TableCell>{translate('supply_hub.recalls.column.received_at')}</TableCell>
                  <TableCell align="right">{translate('supply_hub.recalls.column.quantity')}</TableCell>
                  <TableCell>{translate('supply_hub.recalls.column.expiry')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lookup.receipts.map((receipt, index) => (
                  <TableRow key={`${receipt.order_id}-${index}`}>
                    <TableCell>{receipt.order_number}</TableCell>
                    <TableCell>{receipt.location ?? '—'}</TableCell>
                    <TableCell>{receipt.department ?? '—'}</TableCell>
                    <TableCell>{receipt.received_by}</TableCell>
                    <TableCell>{dateTime(receipt.received_at)}</TableCell>
                    <TableCell align="right">{receipt.quantity}</TableCell>
                    <TableCell>
                      {receipt.expiry_date ?? '—'}
                      {receipt.short_shelf_life && ` (${translate('supply_hub.recalls.short_dated')})`}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
      )}
      {isNotifying && lookup && query && (
        <NotifyDialog
          lookup={lookup}
          query={query}
          onClose={(notified) => {
            setNotifying(false);
            if (notified !== undefined) {
              notify('supply_hub.recalls.notified', { type: 'success', messageArgs: { smart_count: notified } });
            }
          }}
        />
      )}
    </>
  );
}
