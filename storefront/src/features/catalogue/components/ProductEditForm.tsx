import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CATEGORIES, type Product } from '@supply-hub/api/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useUpdateProduct } from '../api/update-product';
import {
  productEditSchema,
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
  onClose(): void;
}

/** Admins' product edit (admin-portal §5): validated with the shared productUpdateSchema. */
export function ProductEditForm({ product, onClose }: ProductEditFormProps) {
  const { values, fieldProps, fieldErrors, setFieldErrors, parse } = useSchemaForm(productEditSchema, () =>
    toEditValues(product),
  );
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const { mutateAsync: saveProduct } = useUpdateProduct();
  const closeTimerRef = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimerRef.current), []);

  const field = (name: ProductEditField) => ({ ...fieldProps(name), fullWidth: true });
  const linkHint = productLinkHint(values.product_url);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saveState === 'saving' || saveState === 'saved') return;
    const input = parse();
    if (!input) return;
    setSaveState('saving');
    try {
      await saveProduct({ productId: product.id, input });
      setSaveState('saved');
      closeTimerRef.current = window.setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
    } catch (error) {
      setFieldErrors(serverFieldErrors(error));
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
        error={Boolean(fieldErrors.product_url ?? linkHint)}
        helperText={fieldErrors.product_url ?? linkHint}
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
