import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { productUpdateSchema, type Product, type ProductUpdateInput } from '@supply-hub/api/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { Form, FormDataConsumer, SaveButton, TextInput, useRefresh, useTranslate } from 'react-admin';

import { InvalidSubmitWatcher } from '../../forms/InvalidSubmitWatcher';
import { zodValidate } from '../../forms/zodValidate';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf, errorMessageOf } from '../../providers/httpClient';
import { CategoryInput, DescriptionInput, MinShelfLifeInput, PriceInput, TitleInput } from './ProductFields';
import { ProductGtinsInput } from './ProductGtinsInput';

/** 'Saved ✓' stays 2 seconds, then the form closes and the product reloads (admin-portal §4). */
const CLOSE_AFTER_SAVE_MS = 2000;
const validateProduct = zodValidate(productUpdateSchema);

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

function hasBadLink(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '' && !/^https?:\/\//.test(value.trim());
}

/** The edit form's fields, as the update contract names them. */
function toUpdateInput(values: Record<string, unknown>): ProductUpdateInput {
  const { title, description, price, sku, vendor, category, product_url, gtins, min_shelf_life_days } =
    values as ProductUpdateInput;
  return { title, description, price, sku, vendor, category, product_url, gtins, min_shelf_life_days };
}

function SaveStatus({ state }: { state: SaveState }) {
  const translate = useTranslate();
  const text =
    state.kind === 'saving'
      ? translate('supply_hub.common.saving')
      : state.kind === 'saved'
        ? translate('supply_hub.common.saved')
        : state.kind === 'failed'
          ? state.message
          : '';
  return (
    <Typography
      role="status"
      sx={{ mr: 'auto', pl: 2, color: state.kind === 'failed' ? 'error.main' : 'success.main' }}
    >
      {text}
    </Typography>
  );
}

function ProductEditDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const titleId = useId();
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  // A snapshot: a live reload of the catalogue must not reset what the admin is typing.
  const [record] = useState(product);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });

  useEffect(() => {
    if (state.kind !== 'saved') return undefined;
    const timer = setTimeout(() => {
      onClose();
      refresh();
    }, CLOSE_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [state.kind, onClose, refresh]);

  const showInvalid = useCallback(
    () => setState({ kind: 'failed', message: translate('ra.message.invalid_form') }),
    [translate],
  );

  async function save(values: Record<string, unknown>) {
    setState({ kind: 'saving' });
    try {
      await dataProvider.update('products', { id: record.id, data: toUpdateInput(values), previousData: record });
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessageOf(error, translate('supply_hub.common.save_failed')) });
      return errorBodyOf(error)?.errors;
    }
    return undefined;
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {/* The form's validity is said in the status line, which the next save replaces (a toast outlived it). */}
      <Form record={record} onSubmit={save} validate={validateProduct} noValidate disableInvalidFormNotification>
        <InvalidSubmitWatcher onInvalid={showInvalid} />
        <DialogTitle id={titleId}>{translate('supply_hub.catalog.edit_title')}</DialogTitle>
        <DialogContent>
          <TitleInput />
          <DescriptionInput />
          <PriceInput isRequired={false} />
          <TextInput source="sku" label="supply_hub.catalog.field.sku" />
          <TextInput source="vendor" label="supply_hub.catalog.field.vendor" />
          <CategoryInput isRequired={false} />
          <FormDataConsumer>
            {({ formData }) => (
              <TextInput
                source="product_url"
                label="supply_hub.catalog.field.product_url"
                type="url"
                helperText={hasBadLink(formData.product_url) ? 'supply_hub.catalog.link_inline' : false}
              />
            )}
          </FormDataConsumer>
          <MinShelfLifeInput />
          <ProductGtinsInput />
        </DialogContent>
        <DialogActions>
          <SaveStatus state={state} />
          <Button onClick={onClose}>{translate('supply_hub.common.cancel')}</Button>
          <SaveButton label="supply_hub.catalog.save" disabled={state.kind === 'saving' || state.kind === 'saved'} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export function ProductEditButton({ product }: { product: Product }) {
  const translate = useTranslate();
  const [isOpen, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
        {translate('supply_hub.catalog.edit')}
      </Button>
      {isOpen && <ProductEditDialog product={product} onClose={close} />}
    </>
  );
}
