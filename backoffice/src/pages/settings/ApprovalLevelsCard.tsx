import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { APPROVING_ROLES, type ApprovalLevels, type Role } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

import { SaveFeedback } from './SaveFeedback';
import { SettingsCard, SettingsLoadState } from './SettingsCard';
import { useSettings, useSettingsSubmit } from './useSettings';

/**
 * The roles a level may name: those that may approve (super_admin counts as admin everywhere), and
 * a role saved before that rule, shown so that it can be unticked.
 */
function roleChoicesOf(row: LevelRow): Role[] {
  return [...APPROVING_ROLES, ...row.roles.filter((role) => !APPROVING_ROLES.includes(role))];
}

/** The server's error for a level's roles: the list as a whole, or the first role it refuses. */
function rolesErrorOf(errors: Record<string, unknown>, index: number): string | undefined {
  const prefix = `levels.${index}.roles`;
  const message = Object.entries(errors).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
  return typeof message === 'string' ? message : undefined;
}

interface LevelRow {
  threshold: string;
  roles: Role[];
}

/** Approval levels: each a threshold and the roles that may approve at it, in order. */
export function ApprovalLevelsCard() {
  const translate = useTranslate();
  const settings = useSettings('approval-levels');
  // Here, not in the form: a save re-creates the form from the saved levels, and 'Saved ✓' must stay.
  const { submit, feedback } = useSettingsSubmit('approval-levels');
  return (
    <SettingsCard title="supply_hub.settings.approval_levels.title">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('supply_hub.settings.approval_levels.help')}
      </Typography>
      <SettingsLoadState isPending={settings.isPending} error={settings.error} />
      {settings.data && (
        <ApprovalLevelsForm
          key={JSON.stringify(settings.data)}
          saved={settings.data}
          submit={submit}
          feedback={feedback}
        />
      )}
    </SettingsCard>
  );
}

/**
 * The levels as rows; the server checks them (first at 0, ascending, roles that may approve, each
 * held by an active, approved user) and names the field.
 */
function ApprovalLevelsForm({
  saved,
  submit,
  feedback,
}: { saved: ApprovalLevels } & ReturnType<typeof useSettingsSubmit<'approval-levels'>>) {
  const translate = useTranslate();
  const [rows, setRows] = useState<LevelRow[]>(() =>
    saved.levels.map((level) => ({ threshold: String(Number(level.threshold)), roles: level.roles })),
  );
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const change = (index: number, patch: Partial<LevelRow>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const errorAt = (path: string) => {
    const message = errors[path];
    return typeof message === 'string' ? message : undefined;
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors((await submit({ levels: rows })) ?? {});
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'grid', gap: 2 }}>
      {rows.map((row, index) => {
        const rolesError = rolesErrorOf(errors, index);
        return (
          <Box
            component="fieldset"
            key={index}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', gap: 1 }}
          >
            <Typography component="legend" variant="subtitle2">
              {translate('supply_hub.settings.approval_levels.level', { level: index + 1 })}
            </Typography>
            <TextField
              label={translate('supply_hub.settings.approval_levels.threshold')}
              value={row.threshold}
              onChange={(event) => change(index, { threshold: event.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={Boolean(errorAt(`levels.${index}.threshold`))}
              helperText={errorAt(`levels.${index}.threshold`)}
              sx={{ maxWidth: 240 }}
            />
            <Box role="group" aria-label={translate('supply_hub.settings.approval_levels.roles')}>
              {roleChoicesOf(row).map((role) => (
                <FormControlLabel
                  key={role}
                  label={translate(`supply_hub.settings.approval_levels.role.${role}`)}
                  control={
                    <Checkbox
                      checked={row.roles.includes(role)}
                      onChange={(event) =>
                        change(index, {
                          roles: event.target.checked
                            ? [...row.roles, role]
                            : row.roles.filter((existing) => existing !== role),
                        })
                      }
                    />
                  }
                />
              ))}
              {rolesError && <FormHelperText error>{rolesError}</FormHelperText>}
            </Box>
            {index > 0 && (
              <Box>
                <Button onClick={() => setRows((current) => current.filter((_row, at) => at !== index))}>
                  {translate('supply_hub.settings.approval_levels.remove', { level: index + 1 })}
                </Button>
              </Box>
            )}
          </Box>
        );
      })}
      {errorAt('levels') && <FormHelperText error>{errorAt('levels')}</FormHelperText>}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button onClick={() => setRows((current) => [...current, { threshold: '', roles: ['admin'] }])}>
          {translate('supply_hub.settings.approval_levels.add')}
        </Button>
        <Button type="submit" variant="contained">
          {translate('supply_hub.settings.approval_levels.save')}
        </Button>
        <SaveFeedback feedback={feedback} />
      </Box>
    </Box>
  );
}
