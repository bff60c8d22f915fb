import DownloadIcon from '@mui/icons-material/Download';
import FilterListIcon from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ExpiringLotList } from '@supply-hub/api/contracts';
import { expiryText } from '@supply-hub/api/contracts/expiring-stock.rules';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

import { saveDownload } from '../components/saveDownload';
import { PageHeader } from '../layout/PageHeader';
import { useSupplyHubDataProvider } from '../providers/dataProvider';
import { errorMessageOf } from '../providers/httpClient';

const DEFAULT_WITHIN_DAYS = 90;

/**
 * /admin/expiring-stock (admins and logistics admins): every received lot expiring within the
 * chosen number of days, soonest first, expired and recalled lots marked, and the same list as CSV.
 */
export default function ExpiringStockPage() {
  const translate = useTranslate();
  const dataProvider = useSupplyHubDataProvider();
  const [typed, setTyped] = useState(String(DEFAULT_WITHIN_DAYS));
  const [withinDays, setWithinDays] = useState(DEFAULT_WITHIN_DAYS);
  const [list, setList] = useState<ExpiringLotList | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    dataProvider.getExpiringStock(withinDays).then(
      (answer) => {
        if (!isCurrent) return;
        setList(answer);
        setError(null);
      },
      (failure: unknown) => {
        if (isCurrent) setError(errorMessageOf(failure, translate('supply_hub.expiring_stock.failed')));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [dataProvider, translate, withinDays]);

  function show(event: FormEvent) {
    event.preventDefault();
    // A new request: the last refusal no longer applies (even when the window shown stays the same).
    setError(null);
    // The server judges the value (1–730, whole days) and says what is wrong with it.
    const days = Number(typed.trim());
    if (Number.isInteger(days) && days > 0) setWithinDays(days);
    else {
      dataProvider.getExpiringStock(days).then(setList, (failure: unknown) => {
        setError(errorMessageOf(failure, translate('supply_hub.expiring_stock.failed')));
      });
    }
  }

  async function download() {
    try {
      saveDownload(await dataProvider.exportExpiringStock(withinDays));
    } catch (failure) {
      setError(errorMessageOf(failure, translate('supply_hub.expiring_stock.failed')));
    }
  }

  return (
    <>
      <PageHeader
        title="supply_hub.expiring_stock.title"
        subtitle="supply_hub.expiring_stock.subtitle"
        actions={
          <Button startIcon={<DownloadIcon />} onClick={() => void download()} disabled={!list}>
            {translate('supply_hub.expiring_stock.export')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          onSubmit={show}
          role="search"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            label={translate('supply_hub.expiring_stock.within_days')}
            helperText={translate('supply_hub.expiring_stock.within_days_help')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            sx={{ flex: '0 1 240px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
          <Button type="submit" variant="contained" startIcon={<FilterListIcon />} sx={{ mt: 1 }}>
            {translate('supply_hub.expiring_stock.show')}
          </Button>
        </Box>
      </Paper>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {list && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography role="status" sx={{ mb: 2 }}>
            {translate('supply_hub.expiring_stock.found', {
              smart_count: list.total,
              days: list.within_days,
              today: list.today,
            })}
          </Typography>
          {list.total > list.data.length && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('supply_hub.expiring_stock.more', { shown: list.data.length, total: list.total })}
            </Alert>
          )}
          {list.data.length > 0 && (
            <Table size="small" aria-label={translate('supply_hub.expiring_stock.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('supply_hub.expiring_stock.column.expiry')}</TableCell>
                  <TableCell>{translate('supply_hub.expiring_stock.column.lot')}</TableCell>
                  <TableCell>{translate('supply_hub.expiring_stock.column.item')}</TableCell>
                  <TableCell align="right">{translate('supply_hub.expiring_stock.column.quantity')}</TableCell>
                  <TableCell>{translate('supply_hub.expiring_stock.column.location')}</TableCell>
                  <TableCell>{translate('supply_hub.expiring_stock.column.department')}</TableCell>
                  <TableCell>{translate('supply_hub.expiring_stock.column.received_by')}</TableCell>
                  <TableCell>{translate('supply_hub.expiring_stock.column.received_at')}</TableCell>
                  <TableCell>{translate('supply_hub.expiring_stock.column.order')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.map((lot, index) => (
                  <TableRow key={`${lot.order_number}-${lot.lot ?? ''}-${lot.expiry_date}-${index}`}>
                    <TableCell>
                      <Box sx={{ whiteSpace: 'nowrap' }}>{lot.expiry_date}</Box>
                      <Typography variant="body2" color={lot.is_expired ? 'error' : 'text.secondary'}>
                        {expiryText(lot)}
                      </Typography>
                      {lot.is_expired && (
                        <Chip size="small" color="error" label={translate('supply_hub.expiring_stock.expired')} />
                      )}{' '}
                      {lot.is_recalled && (
                        <Chip
                          size="small"
                          color="error"
                          variant="outlined"
                          label={translate('supply_hub.expiring_stock.recalled')}
                        />
                      )}
                    </TableCell>
                    <TableCell>{lot.lot ?? '—'}</TableCell>
                    <TableCell>
                      {lot.title}
                      <Typography variant="body2" color="text.secondary">
                        {lot.asin}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{lot.quantity}</TableCell>
                    <TableCell>{lot.location ?? '—'}</TableCell>
                    <TableCell>{lot.department ?? '—'}</TableCell>
                    <TableCell>{lot.received_by}</TableCell>
                    <TableCell>{new Date(lot.received_at).toLocaleDateString()}</TableCell>
                    <TableCell>{lot.order_number}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
      )}
    </>
  );
}
