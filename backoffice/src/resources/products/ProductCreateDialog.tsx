import AddIcon from '@mui/icons-material/Add';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { productCreateSchema, type Product, type ProductCreateInput } from '@supply-hub/api/contracts';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Form, SaveButton, TextInput, useNotify, useRefresh, useTranslate } from 'react-admin';

import { zodValidate } from '../../forms/zodValidate';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf, errorCodeOf, errorMessageOf } from '../../providers/httpClient';
import { imageFileProblem } from './product-image.rules';
import { CategoryInput, DescriptionInput, PriceInput, TitleInput } from './ProductFields';

const validateContract = zodValidate(productCreateSchema);
const EMPTY_PRODUCT = {
  title: '',
  category: '',
  manufacturer: '',
  price: null,
  sku: '',
  description: '',
  product_url: '',
};

function toCreateInput(values: Record<string, unknown>): ProductCreateInput {
  const { title, category, manufacturer, price, sku, description, product_url } = values as ProductCreateInput;
  return { title, category, manufacturer, price, sku, description, product_url };
}

function AddProductDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const imageHelpId = useId();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  function chooseImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? imageFileProblem(file) : null;
    const accepted = problem ? null : file;
    if (problem) event.target.value = '';
    setImage(accepted);
    setImageError(problem);
  }

  async function save(values: Record<string, unknown>) {
    let created: Product;
    try {
      created = (await dataProvider.create('products', { data: toCreateInput(values) })).data as Product;
    } catch (error) {
      if (errorCodeOf(error) === 'DUPLICATE_SKU') {
        const message = errorMessageOf(error, 'A product with this SKU already exists');
        notify(message, { type: 'error' });
        return { sku: message };
      }
      notify(errorMessageOf(error, translate('supply_hub.catalog.add_failed')), { type: 'error' });
      return errorBodyOf(error)?.errors;
    }
    if (image) {
      try {
        await dataProvider.uploadProductImage(created.id, image);
      } catch (error) {
        notify(errorMessageOf(error, translate('supply_hub.catalog.upload_failed')), { type: 'error' });
      }
    }
    notify('supply_hub.catalog.added', { type: 'success' });
    onClose();
    refresh();
    return undefined;
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form record={EMPTY_PRODUCT} onSubmit={save} validate={validateContract} noValidate>
        <DialogTitle id={titleId}>{translate('supply_hub.catalog.add')}</DialogTitle>
        <DialogContent>
          <TitleInput />
          <CategoryInput isRequired />
          <TextInput source="manufacturer" label="supply_hub.catalog.field.manufacturer" isRequired />
          <PriceInput isRequired />
          <TextInput source="sku" label="supply_hub.catalog.field.sku" />
          <DescriptionInput />
          <TextInput source="product_url" label="supply_hub.catalog.field.product_url" type="url" />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<ImageOutlinedIcon />}
              aria-describedby={imageHelpId}
              onClick={() => fileInput.current?.click()}
            >
              {translate('supply_hub.catalog.choose_image')}
            </Button>
            <input ref={fileInput} type="file" accept="image/*" onChange={chooseImage} hidden />
            {image && <Typography variant="body2">{image.name}</Typography>}
          </Box>
          <FormHelperText id={imageHelpId} error={Boolean(imageError)}>
            {imageError ?? translate('supply_hub.catalog.image_hint')}
          </FormHelperText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('supply_hub.common.cancel')}</Button>
          <SaveButton label="supply_hub.catalog.add" icon={<AddIcon />} alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** 'Add product' (admin-portal §2.7): a hand-added product, vendor 'manual'. */
export function AddProductButton() {
  const translate = useTranslate();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('supply_hub.catalog.add')}
      </Button>
      {isOpen && <AddProductDialog onClose={() => setOpen(false)} />}
    </>
  );
}
