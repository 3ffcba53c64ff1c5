/** The frame both wizards share: title, the product, their own fields, the price, the quantity and the actions. */
import type { ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { ProductImage } from './ProductImage';
import { QuantityField, type QuantityState } from './quantity';

export interface WizardFrameProps {
  title: string;
  product: { name: string; image: string | null; detail?: string };
  /** What the price line says: the price, or why there is none yet. */
  price: string;
  quantity: QuantityState;
  canAdd: boolean;
  busy: boolean;
  onAdd(): void;
  onClose(): void;
  children: ReactNode;
}

export function WizardDialog({ title, product, price, quantity, canAdd, busy, onAdd, onClose, children }: WizardFrameProps) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="wizard-title" PaperProps={{ sx: { width: 520, maxWidth: '95vw' } }}>
      <DialogTitle id="wizard-title">{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
          <ProductImage src={product.image} alt={product.name} size={72} />
          <Box>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>{product.name}</Typography>
            {product.detail && <Typography variant="body2" color="text.secondary">{product.detail}</Typography>}
          </Box>
        </Box>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          <Typography role="status" sx={{ fontWeight: 600 }}>{price}</Typography>
          <QuantityField state={quantity} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={!canAdd || busy} onClick={onAdd}>Añadir</Button>
      </DialogActions>
    </Dialog>
  );
}
