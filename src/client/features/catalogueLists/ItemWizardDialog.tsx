/**
 * "Add item to cart or budget" (docs/screens.md modal dialogs, docs/data.md Item wizard): one select per property; until
 * every property is chosen it says "Seleccione las propiedades", then the matching variation's price
 * "sin IVA" or "No disponible"; a quantity; "Añadir" hands the line to `onAdd` (budget or cart).
 */
import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { Msg } from '../../../shared/messages';
import { formatPriceSinIva, NOT_AVAILABLE } from '../../../shared/format';
import { submitLine, useQuantity } from './quantity';
import type { AddLine, CatalogueItem } from './types';
import { isComplete, variationFor, type Choice } from './variations';
import { WizardDialog } from './WizardDialog';

export interface ItemWizardProps { item: CatalogueItem; onAdd: AddLine; onClose(): void }

export function ItemWizardDialog({ item, onAdd, onClose }: ItemWizardProps) {
  const [choice, setChoice] = useState<Choice>([]);
  const quantity = useQuantity();
  const [busy, setBusy] = useState(false);
  const variation = variationFor(item, choice);
  const price = !isComplete(item, choice) ? Msg.selectProperties : variation ? formatPriceSinIva(variation.price) : NOT_AVAILABLE;

  const choose = (index: number, optionId: number) =>
    setChoice((old) => item.item_properties.map((_, i) => (i === index ? optionId : old[i])));

  const add = async () => {
    if (!variation) return;
    setBusy(true);
    const description = variation.name === item.name ? item.name : `${item.name} · ${variation.name}`;
    const stored = await submitLine(
      { kind: 'item', item_property_value_id: variation.id, unit_price: variation.price, description },
      quantity,
      onAdd,
    );
    setBusy(false);
    if (stored) onClose();
  };

  return (
    <WizardDialog
      title="Añadir artículo"
      product={{ name: item.name ?? '', image: item.image, detail: `Referencia: ${item.reference}` }}
      price={price}
      quantity={quantity}
      canAdd={!!variation}
      busy={busy}
      onAdd={add}
      onClose={onClose}
    >
      {item.item_properties.map((property, index) => (
        <TextField
          key={property.id}
          select
          label={property.name}
          value={choice[index] ?? ''}
          onChange={(e) => choose(index, Number(e.target.value))}
          fullWidth
        >
          {property.item_property_options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </WizardDialog>
  );
}
