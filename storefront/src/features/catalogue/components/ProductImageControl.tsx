import HideImageOutlined from '@mui/icons-material/HideImageOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Product } from '@supply-hub/api/contracts';

import { useToast } from '../../../components/ToastProvider';
import { useRemoveProductImage } from '../api/remove-product-image';
import { ImageUploadButton } from './ImageUploadButton';

interface ProductImageControlProps {
  product: Product;
}

/** Admins' image update on the product page: upload a new one, or remove the current one. */
export function ProductImageControl({ product }: ProductImageControlProps) {
  const showToast = useToast();
  const { mutateAsync: removeImage, isPending: isRemoving } = useRemoveProductImage();

  async function remove() {
    try {
      await removeImage(product.id);
      showToast({ title: 'Image removed' });
    } catch {
      showToast({ title: 'Remove failed', severity: 'error' });
    }
  }

  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'center' }}>
      <ImageUploadButton product={product} variant="outlined" />
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
