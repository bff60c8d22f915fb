import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

import { errorMessageOf } from '../../providers/httpClient';
import { useSsoTestSignIn } from './ssoApi';

/** What the IdP sent at a test sign-in and what the group rules would give a new user. */
export function TestSignInResult({ testId }: { testId: string }) {
  const translate = useTranslate();
  const headingId = useId();
  const { data, error, isPending } = useSsoTestSignIn(testId);
  const t = (key: string) => translate(`supply_hub.sso.test.${key}`);
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {t('result')}
        </Typography>
        {isPending && <LinearProgress />}
        {Boolean(error) && (
          <Alert severity="error">{errorMessageOf(error, translate('supply_hub.common.unknown_error'))}</Alert>
        )}
        {data?.status === 'pending' && <Alert severity="info">{t('pending')}</Alert>}
        {data?.refusal && (
          <Alert severity="error">{translate('supply_hub.sso.test.refused', { message: data.refusal.message })}</Alert>
        )}
        {data?.status === 'received' && !data.refusal && (
          <Table size="small" aria-label={t('result')}>
            <TableBody>
              <TableRow>
                <TableCell component="th">{t('name_id')}</TableCell>
                <TableCell>{data.name_id}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{t('name_id_format')}</TableCell>
                <TableCell>{data.name_id_format ?? '—'}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{t('groups')}</TableCell>
                <TableCell>{data.groups.join(', ') || '—'}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{t('mapped_role')}</TableCell>
                <TableCell>{data.mapped_role ?? t('no_rule')}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{t('mapped_department')}</TableCell>
                <TableCell>{data.mapped_department?.name ?? t('no_rule')}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
        {data?.status === 'received' && (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              {t('attributes')}
            </Typography>
            <Table size="small" aria-label={t('attributes')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('attribute')}</TableCell>
                  <TableCell>{t('values')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(data.attributes).map(([name, values]) => (
                  <TableRow key={name}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{name}</TableCell>
                    <TableCell>{values.join(', ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
