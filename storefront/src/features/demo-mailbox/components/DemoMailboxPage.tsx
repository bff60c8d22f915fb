import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MailboxMail } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import { RouterLink } from '../../../components/RouterLink';
import { isApiError } from '../../../lib/api-client';
import { getDemoMailbox } from '../api/demo-mailbox';

const SENT_AT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /demo/mailbox, demo mode only: the demo sends no mail, so the mail it writes (the sign-up link,
 * a password reset) is read here, by address. Outside demo mode the server answers 404.
 */
export function DemoMailboxPage() {
  const [search, setSearch] = useSearchParams();
  const to = search.get('to') ?? '';
  const [address, setAddress] = useState(to);
  const mailbox = useQuery({
    queryKey: ['demo-mailbox', to],
    queryFn: ({ signal }) => getDemoMailbox(to, signal),
    retry: false,
  });

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = address.trim();
    setSearch(next ? { to: next } : {});
  }

  const isNotDemo = isApiError(mailbox.error) && mailbox.error.status === 404;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', justifyItems: 'center', p: 2 }}>
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 720 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Demo mailbox
        </Typography>
        {isNotDemo ? (
          <Alert severity="info">The demo mailbox exists only in demo mode.</Alert>
        ) : (
          <>
            <Typography color="text.secondary">
              This demo sends no mail. What it writes to people (the sign-up link, a password reset, order news) is
              shown here for a day.
            </Typography>
            <Stack component="form" direction="row" spacing={1} onSubmit={show} role="search">
              <TextField
                label="E-mail address"
                type="email"
                size="small"
                fullWidth
                value={address}
                onChange={(event) => setAddress(event.target.value)}
              />
              <Button type="submit" variant="contained">
                Show
              </Button>
              <Button variant="outlined" onClick={() => void mailbox.refetch()} loading={mailbox.isFetching}>
                Refresh
              </Button>
            </Stack>
            {mailbox.error && !isNotDemo && (
              <Alert severity="error">{mailbox.error instanceof Error ? mailbox.error.message : 'Not loaded'}</Alert>
            )}
            {mailbox.data?.mails.length === 0 && (
              <Typography>{to ? `No mail to ${to} yet.` : 'No mail yet.'}</Typography>
            )}
            {mailbox.data?.mails.map((mail) => (
              <MailCard key={mail.id} mail={mail} />
            ))}
          </>
        )}
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Stack>
    </Box>
  );
}

function MailCard({ mail }: { mail: MailboxMail }) {
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2 }} aria-label={mail.subject}>
      <Typography variant="h6" component="h2">
        {mail.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        To {mail.to} · {SENT_AT.format(new Date(mail.sent_at))}
      </Typography>
      <Typography
        component="pre"
        sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', my: 2, overflowWrap: 'anywhere' }}
      >
        {mail.text}
      </Typography>
      {mail.links.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ pl: 0, m: 0, listStyle: 'none' }} aria-label="Links in this mail">
          {mail.links.map((link) => (
            <li key={link}>
              <Button component="a" href={link} variant="outlined" size="small" sx={{ overflowWrap: 'anywhere' }}>
                Open {new URL(link).pathname}
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
