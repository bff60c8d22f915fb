import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { onboardingSchema, type OnboardingInput, type Profile } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { isApiError } from '../../../lib/api-client';
import { completeOnboarding } from '../api/complete-onboarding';

interface OnboardingFormProps {
  email: string;
  initialValues: OnboardingInput;
  onCompleted(profile: Profile): void;
}

/** provider-portal §2 Onboarding: read-only e-mail, first and last name (§5 rules, from the contracts). */
export function OnboardingForm({ email, initialValues, onCompleted }: OnboardingFormProps) {
  const showToast = useToast();
  const { fieldProps, setFieldErrors, parse } = useSchemaForm(onboardingSchema, initialValues);
  const [isSaving, setIsSaving] = useState(false);

  const field = (name: keyof OnboardingInput) => ({ ...fieldProps(name), required: true, fullWidth: true });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse();
    if (!input) return;
    setIsSaving(true);
    try {
      const profile = await completeOnboarding(input);
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
