import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  punchoutFirstSetupSchema,
  punchoutSettingsInputSchema,
  type PunchoutSettingsView,
} from '@supply-hub/api/contracts';
import { useId, useMemo, useState } from 'react';
import {
  BooleanInput,
  Form,
  SaveButton,
  TextInput,
  useCheckAuth,
  useTranslate,
  type TranslateFunction,
} from 'react-admin';

import { formatDateTime } from '../../i18n/format';
import { zodValidate } from '../../forms/zodValidate';
import { errorBodyOf, errorStatusOf } from '../../providers/httpClient';
import type { SettingsInputs } from '../../providers/records';
import { SaveFeedback } from './SaveFeedback';
import { SupplierTestOrderPanel } from './SupplierTestOrderPanel';
import { useSettings, useSettingsSubmit } from './useSettings';

// An empty secret keeps the stored one; only the first setup needs it (the API checks the same).
const validatePunchout = zodValidate(punchoutSettingsInputSchema);
const validateFirstSetup = zodValidate(punchoutFirstSetupSchema);

/** The cause of a failed call as admin-portal §8 words it; a 401 is the session, not the settings. */
function describeFailure(translate: TranslateFunction, error: unknown, template: string): string {
  if (errorStatusOf(error) === 401) return translate('supply_hub.settings.punchout.session_expired');
  const status = errorStatusOf(error);
  const message =
    status === 0
      ? translate('supply_hub.common.network_error')
      : (errorBodyOf(error)?.message ?? translate('supply_hub.common.unknown_error'));
  return translate(template, { message });
}

/** The form starts from the saved view; the secret is never sent back, so its input starts empty. */
function toForm(view: PunchoutSettingsView): SettingsInputs['punchout'] {
  return {
    punchout_url: view.punchout_url ?? '',
    test_punchout_url: view.test_punchout_url ?? '',
    identity: view.identity ?? '',
    shared_secret: '',
    test_mode: view.test_mode,
    shop_setup_url: view.shop_setup_url ?? '',
    inbound_identity: view.inbound_identity ?? '',
    inbound_shared_secret: '',
    // Empty while the environment's default is used: saving the form then keeps following it.
    supplier_identity: view.supplier_identity_is_default ? '' : view.supplier_identity,
  };
}

/** What stops the saved settings from working, before anyone approves an order that would fail. */
function SettingsProblems({ view }: { view: PunchoutSettingsView }) {
  const translate = useTranslate();
  if (view.problems.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="p">
        {translate('supply_hub.settings.punchout.problems_title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {view.problems.map((problem) => (
          <li key={`${problem.field ?? 'env'}:${problem.message}`}>{problem.message}</li>
        ))}
      </Box>
    </Alert>
  );
}

function PunchoutForm({ view }: { view: PunchoutSettingsView }) {
  const translate = useTranslate();
  const { submit, feedback } = useSettingsSubmit('punchout', (error) =>
    describeFailure(translate, error, 'supply_hub.settings.punchout.save_failed'),
  );
  const record = useMemo(() => toForm(view), [view]);

  return (
    // Keyed by the save time: after a save the form starts again from the view, the secret input empty.
    <Form
      key={view.updated_at ?? 'never'}
      record={record}
      onSubmit={submit}
      validate={view.shared_secret_masked ? validatePunchout : validateFirstSetup}
      noValidate
    >
      <TextInput source="punchout_url" label="supply_hub.settings.punchout.punchout_url" type="url" isRequired />
      <TextInput source="test_punchout_url" label="supply_hub.settings.punchout.test_punchout_url" type="url" />
      <TextInput source="identity" label="supply_hub.settings.punchout.identity" isRequired />
      <TextInput
        source="supplier_identity"
        label="supply_hub.settings.punchout.supplier_identity"
        helperText={
          view.supplier_identity_is_default
            ? translate('supply_hub.settings.punchout.supplier_identity_default', {
                identity: view.supplier_identity,
              })
            : 'supply_hub.settings.punchout.supplier_identity_saved'
        }
      />
      <TextInput
        source="shared_secret"
        label="supply_hub.settings.punchout.shared_secret"
        type="password"
        autoComplete="new-password"
        isRequired={!view.shared_secret_masked}
        helperText={
          view.shared_secret_masked
            ? translate('supply_hub.settings.punchout.secret_saved', { masked: view.shared_secret_masked })
            : 'supply_hub.settings.punchout.secret_none'
        }
      />
      <BooleanInput source="test_mode" label="supply_hub.settings.punchout.test_mode" />
      <TextInput
        source="shop_setup_url"
        label="supply_hub.settings.punchout.shop_setup_url"
        type="url"
        helperText="supply_hub.settings.punchout.shop_setup_url_help"
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {translate('supply_hub.settings.punchout.inbound_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('supply_hub.settings.punchout.inbound_help')}
      </Typography>
      <TextInput source="inbound_identity" label="supply_hub.settings.punchout.inbound_identity" />
      <TextInput
        source="inbound_shared_secret"
        label="supply_hub.settings.punchout.inbound_shared_secret"
        type="password"
        autoComplete="new-password"
        helperText={
          view.inbound_shared_secret_masked
            ? translate('supply_hub.settings.punchout.inbound_secret_saved', {
                masked: view.inbound_shared_secret_masked,
              })
            : 'supply_hub.settings.punchout.inbound_secret_none'
        }
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <SaveButton label="supply_hub.settings.punchout.save" />
        <SaveFeedback feedback={feedback} />
        {view.updated_at && (
          <Typography variant="body2" color="text.secondary">
            {translate('supply_hub.settings.punchout.updated', { date: formatDateTime(view.updated_at) })}
          </Typography>
        )}
      </Box>
    </Form>
  );
}

/** The collapsible Punchout Settings card (admin-portal §2.6): URL, test URL, identity, secret, test mode. */
export function PunchoutSettingsCard() {
  const headingId = useId();
  const translate = useTranslate();
  const [isExpanded, setExpanded] = useState(false);
  const settings = useSettings('punchout');
  const checkAuth = useCheckAuth();
  const isSessionError = errorStatusOf(settings.error) === 401;
  // Refresh Auth: asks for the session again (a lost one goes to sign-in), then reloads the settings.
  const refreshAuth = () => {
    checkAuth({}, false)
      .then(() => settings.refetch())
      .catch(() => undefined);
  };
  return (
    <Accordion
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      expanded={isExpanded}
      onChange={(_event, expanded) => setExpanded(expanded)}
      disableGutters
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography id={headingId} variant="h6" component="h2">
          {translate('supply_hub.settings.punchout.title')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {settings.isPending && <LinearProgress aria-label={translate('supply_hub.common.loading')} />}
        {settings.error && (
          <Alert
            severity="error"
            action={
              isSessionError ? (
                <Button color="inherit" size="small" onClick={refreshAuth}>
                  {translate('supply_hub.settings.punchout.refresh_auth')}
                </Button>
              ) : undefined
            }
          >
            {describeFailure(translate, settings.error, 'supply_hub.settings.punchout.load_failed')}
          </Alert>
        )}
        {settings.data && (
          <>
            <SettingsProblems view={settings.data} />
            <PunchoutForm view={settings.data} />
            <SupplierTestOrderPanel />
          </>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
