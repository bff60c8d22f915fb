import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Product } from '@supply-hub/api/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, type ChangeEvent } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorMessageOf } from '../../providers/httpClient';
import { imageFileProblem } from './product-image.rules';

const HEIGHT = 180;

/** The product image with Upload/Replace and Remove on hover or keyboard focus (admin-portal §2.7). */
export function ProductImageControl({ product }: { product: Product }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  // The button opens the hidden file input: one control for keyboard, pointer and screen reader.
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => dataProvider.uploadProductImage(product.id, file),
    onSuccess: () => {
      notify('supply_hub.catalog.image_uploaded', { type: 'success' });
      refresh();
    },
    onError: (error) => notify(errorMessageOf(error, translate('supply_hub.catalog.upload_failed')), { type: 'error' }),
  });
  const removal = useMutation({
    mutationFn: () => dataProvider.removeProductImage(product.id),
    onSuccess: () => {
      notify('supply_hub.catalog.image_removed', { type: 'success' });
      refresh();
    },
    onError: () => notify('supply_hub.catalog.remove_failed', { type: 'error' }),
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) notify(problem, { type: 'error' });
    else upload.mutate(file);
  }

  const isBusy = upload.isPending || removal.isPending;
  return (
    <Box
      sx={{
        position: 'relative',
        height: HEIGHT,
        bgcolor: 'grey.50',
        display: 'grid',
        placeItems: 'center',
        '&:hover .image-actions, &:focus-within .image-actions': { opacity: 1 },
      }}
    >
      {product.image_url ? (
        <Box
          component="img"
          src={product.image_url}
          alt={translate('supply_hub.catalog.image_for', { title: product.title })}
          loading="lazy"
          sx={{ maxWidth: '100%', maxHeight: HEIGHT, objectFit: 'contain' }}
        />
      ) : (
        <Box sx={{ color: 'text.secondary', display: 'grid', placeItems: 'center', gap: 0.5 }}>
          <ImageNotSupportedOutlinedIcon aria-hidden />
          <Typography variant="caption">{translate('supply_hub.common.no_image')}</Typography>
        </Box>
      )}
      <Box
        className="image-actions"
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          flexWrap: 'wrap',
          bgcolor: 'rgba(255, 255, 255, 0.85)',
          opacity: isBusy ? 1 : 0,
          transition: 'opacity 150ms',
        }}
      >
        <Button
          size="small"
          variant="contained"
          startIcon={<UploadIcon />}
          loading={upload.isPending}
          disabled={isBusy}
          onClick={() => fileInput.current?.click()}
        >
          {translate(product.image_url ? 'supply_hub.catalog.replace_image' : 'supply_hub.catalog.upload_image')}
        </Button>
        <input ref={fileInput} type="file" accept="image/*" onChange={choose} hidden />
        {product.image_url && (
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            loading={removal.isPending}
            disabled={isBusy}
            onClick={() => removal.mutate()}
            sx={{ bgcolor: 'background.paper' }}
          >
            {translate('supply_hub.catalog.remove_image')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
