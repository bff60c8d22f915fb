import CloudUpload from '@mui/icons-material/CloudUpload';
import Button from '@mui/material/Button';
import type { Product } from '@supply-hub/api/contracts';
import { useRef, useState } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { uploadProductImage } from '../api/upload-product-image';
import { checkImageFile, describeUploadError } from '../image-upload.rules';
import { announceImageUpdated } from '../image-updated-event';

interface ImageUploadButtonProps {
  product: Product;
  onUploaded(product: Product): void;
  /** The catalogue card shows it over the image on hover (and on keyboard focus). */
  className?: string;
  variant?: 'contained' | 'outlined';
}

/** Admins: picks an image, checks it here first (IMAGE_MESSAGES), then uploads it. */
export function ImageUploadButton({ product, onUploaded, className, variant = 'contained' }: ImageUploadButtonProps) {
  const showToast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);

  async function upload(file: File) {
    const problem = checkImageFile(file, product);
    if (problem) {
      showToast({ title: problem, severity: 'error' });
      return;
    }
    setIsUploading(true);
    try {
      const updated = await uploadProductImage(product.id, file);
      onUploaded(updated);
      announceImageUpdated(updated);
      showToast({ title: 'Image updated' });
    } catch (error) {
      showToast({ title: describeUploadError(error), severity: 'error' });
    } finally {
      setIsUploading(false);
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
