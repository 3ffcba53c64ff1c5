/** One product of a list: picture, name, what it is and from what price, and "Añadir" to open its wizard. */
import type { ReactNode } from 'react';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { ProductImage } from './ProductImage';

export function ProductCard({ name, image, children, onAdd }: { name: string; image: string | null; children: ReactNode; onAdd(): void }) {
  return (
    <Card component="article" aria-label={name} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 0.5 }}>
        <ProductImage src={image} alt={name} size={140} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>{name}</Typography>
        {children}
      </CardContent>
      <CardActions sx={{ justifyContent: 'center' }}>
        <Button variant="contained" size="small" startIcon={<AddShoppingCartIcon />} onClick={onAdd}>Añadir</Button>
      </CardActions>
    </Card>
  );
}

/** The cards' responsive grid. */
export const productGridSx = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' } as const;
