/** A product's picture, or a neutral placeholder: seeded and older articles may have none. */
import { Box } from '@mui/material';
import ImageIcon from '@mui/icons-material/ImageOutlined';

export function ProductImage({ src, alt, size }: { src: string | null; alt: string; size: number }) {
  if (src) return <Box component="img" src={src} alt={alt} sx={{ width: size, height: size, objectFit: 'contain', flexShrink: 0 }} />;
  return (
    <Box sx={{ width: size, height: size, display: 'grid', placeItems: 'center', bgcolor: 'grey.100', color: 'grey.400', flexShrink: 0 }}>
      <ImageIcon sx={{ fontSize: size / 2 }} />
    </Box>
  );
}
