import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface ProductImageProps {
  src: string | null;
  /** '' when the product's title is written right beside the image (the text says it already). */
  alt: string;
  /** Height in px; thumbnails are square, larger images keep their proportions inside the box. */
  height: number;
  width?: number | string;
  /** The product page says 'No image available' where a smaller placeholder shows only an icon. */
  placeholderText?: string;
}

/** A product's image, or a neutral placeholder when it has none (catalogue, product page, cart, orders). */
export function ProductImage({ src, alt, height, width = '100%', placeholderText }: ProductImageProps) {
  const frame = {
    width,
    height,
    flexShrink: 0,
    borderRadius: 1,
    bgcolor: 'grey.100',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  } as const;

  if (!src) {
    return (
      <Box sx={{ ...frame, flexDirection: 'column', gap: 1, color: 'text.secondary' }}>
        <Inventory2Outlined aria-hidden sx={{ fontSize: Math.min(64, height / 2.5) }} />
        {placeholderText && <Typography variant="body2">{placeholderText}</Typography>}
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      <Box
        component="img"
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
      />
    </Box>
  );
}
