import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CATEGORIES, type Product } from '@supply-hub/api/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import type { FieldErrors } from '../../../lib/form-errors';
import { updateProduct } from '../api/update-product';
import {
  parseEditValues,
  productLinkHint,
  serverFieldErrors,
  toEditValues,
  type ProductEditField,
} from '../product-edit.rules';

/** admin-portal §9: the 'Saved ✓' message closes the form after 2 seconds. */
const CLOSE_AFTER_SAVE_MS = 2000;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

interface ProductEditFormProps {
  product: Product;
  onSaved(product: Product): void;
  onClose(): void;
}

/** Admins' product edit (admin-portal §5): validated with the shared productUpdateSchema. */
export function ProductEditForm({ product, onSaved, onClose }: ProductEditFormProps) {
  const [values, setValues] = useState(() => toEditValues(product));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const closeTimerRef = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimerRef.current), []);

  const field = (name: ProductEditField) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((previous) => ({ ...previous, [name]: value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });
  const linkHint = productLinkHint(values.product_url);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saveState === 'saving' || saveState === 'saved') return;
    const parsed = parseEditValues(values);
    if (!parsed.success) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setSaveState('saving');
    try {
      const saved = await updateProduct(product.id, parsed.input);
      setSaveState('saved');
      onSaved(saved);
      closeTimerRef.current = window.setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setSaveState('failed');
    }
  }

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Edit product"
      onSubmit={(event) => void handleSubmit(event)}
    >
      {saveState === 'failed' && <Alert severity="error">Save failed</Alert>}
      <TextField label="Title" required {...field('title')} />
      <TextField label="Description" multiline minRows={3} {...field('description')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Price (USD)"
          type="number"
          {...field('price')}
          slotProps={{ htmlInput: { step: 0.01, min: 0, inputMode: 'decimal' } }}
        />
        <TextField label="SKU" {...field('sku')} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Vendor" {...field('vendor')} />
        <TextField label="Category" select {...field('category')} slotProps={{ select: { native: true } }}>
          <option value="">No category</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </TextField>
      </Stack>
      <TextField
        label="Product link"
        type="url"
        {...field('product_url')}
        error={Boolean(errors.product_url ?? linkHint)}
        helperText={errors.product_url ?? linkHint}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={saveState === 'saving' || saveState === 'saved'}>
          {saveState === 'saving' ? 'Saving...' : 'Save'}
        </Button>
        <Button onClick={onClose} disabled={saveState === 'saving'}>
          Cancel
        </Button>
        <Typography role="status" color="success.dark" sx={{ fontWeight: 600 }}>
          {saveState === 'saved' ? 'Saved ✓' : ''}
        </Typography>
      </Stack>
    </Stack>
  );
}
