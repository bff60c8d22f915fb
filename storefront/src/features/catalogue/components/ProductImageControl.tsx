import HideImageOutlined from '@mui/icons-material/HideImageOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Product } from '@supply-hub/api/contracts';
import { useState } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { removeProductImage } from '../api/remove-product-image';
import { announceImageUpdated } from '../image-updated-event';
import { ImageUploadButton } from './ImageUploadButton';

interface ProductImageControlProps {
  product: Product;
  onChange(product: Product): void;
}

/** Admins' image update on the product page: upload a new one, or remove the current one. */
export function ProductImageControl({ product, onChange }: ProductImageControlProps) {
  const showToast = useToast();
  const [isRemoving, setIsRemoving] = useState(false);

  async function remove() {
    setIsRemoving(true);
    try {
      const updated = await removeProductImage(product.id);
      onChange(updated);
      announceImageUpdated(updated);
      showToast({ title: 'Image removed' });
    } catch {
      showToast({ title: 'Remove failed', severity: 'error' });
    } finally {
      setIsRemoving(false);
    }
  }

  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'center' }}>
      <ImageUploadButton product={product} onUploaded={onChange} variant="outlined" />
      {product.image_url && (
        <Button
          size="small"
          color="error"
          startIcon={<HideImageOutlined />}
          disabled={isRemoving}
          onClick={() => void remove()}
        >
          Remove image
        </Button>
      )}
    </Stack>
  );
}
