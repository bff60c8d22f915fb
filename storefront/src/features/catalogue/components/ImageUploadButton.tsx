import CloudUpload from '@mui/icons-material/CloudUpload';
import Button from '@mui/material/Button';
import type { Product } from '@supply-hub/api/contracts';
import { useRef } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { useUploadProductImage } from '../api/upload-product-image';
import { checkImageFile, describeUploadError } from '../image-upload.rules';

interface ImageUploadButtonProps {
  product: Product;
  /** The catalogue card shows it over the image on hover (and on keyboard focus). */
  className?: string;
  variant?: 'contained' | 'outlined';
}

/** Admins: picks an image, checks it here first (IMAGE_MESSAGES), then uploads it. */
export function ImageUploadButton({ product, className, variant = 'contained' }: ImageUploadButtonProps) {
  const showToast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const { mutateAsync: uploadImage, isPending: isUploading } = useUploadProductImage();

  async function upload(file: File) {
    const problem = checkImageFile(file);
    if (problem) {
      showToast({ title: problem, severity: 'error' });
      return;
    }
    try {
      await uploadImage({ productId: product.id, file });
      showToast({ title: 'Image updated' });
    } catch (error) {
      showToast({ title: describeUploadError(error), severity: 'error' });
    }
  }

  return (
    <>
      <Button
        className={className}
        variant={variant}
        size="small"
        startIcon={<CloudUpload />}
        disabled={isUploading}
        aria-label={`Upload image for ${product.title}`}
        onClick={() => inputRef.current?.click()}
      >
        {isUploading ? 'Uploading...' : 'Upload image'}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </>
  );
}
