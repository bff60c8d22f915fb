import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { onboardingSchema, type OnboardingInput, type Profile } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsFromIssues, type FieldErrors } from '../../../lib/form-errors';
import { completeOnboarding } from '../api/complete-onboarding';

interface OnboardingFormProps {
  email: string;
  initialValues: OnboardingInput;
  onCompleted(profile: Profile): void;
}

/** provider-portal §2 Onboarding: read-only e-mail, first and last name (§5 rules, from the contracts). */
export function OnboardingForm({ email, initialValues, onCompleted }: OnboardingFormProps) {
  const showToast = useToast();
  const [values, setValues] = useState(initialValues);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [isSaving, setIsSaving] = useState(false);

  const field = (name: keyof OnboardingInput) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((previous) => ({ ...previous, [name]: event.target.value })),
    error: Boolean(fieldErrors[name]),
    helperText: fieldErrors[name],
    required: true,
    fullWidth: true,
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = onboardingSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    setIsSaving(true);
    try {
      const profile = await completeOnboarding(parsed.data);
      showToast({ title: 'Welcome!', description: 'Your profile has been created successfully.' });
      onCompleted(profile);
    } catch (error) {
      if (isApiError(error)) setFieldErrors({ ...error.errors });
      showToast({ title: 'Error', description: 'Failed to create profile. Please try again.', severity: 'error' });
      setIsSaving(false);
    }
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void handleSubmit(event)}>
      <TextField
        label="Your account email (read-only)"
        value={email}
        fullWidth
        slotProps={{ input: { readOnly: true } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First Name" autoComplete="given-name" {...field('first_name')} />
        <TextField label="Last Name" autoComplete="family-name" {...field('last_name')} />
      </Stack>
      <Button type="submit" variant="contained" fullWidth disabled={isSaving}>
        {isSaving ? 'Creating profile...' : 'Complete Setup'}
      </Button>
    </Stack>
  );
}
