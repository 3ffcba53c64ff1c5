/**
 * "Add reel to cart or budget" (docs/screens.md modal dialogs, docs/data.md Reel wizard): the size (in m) loads its
 * diameters (in mm); diameter and "Con motor" fetch the price under the client's fare, or "No disponible";
 * a quantity; "Añadir" hands the line to `onAdd` (budget or cart).
 */
import { useState } from 'react';
import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { formatPriceSinIva } from '../../../shared/format';
import { submitLine, useQuantity } from './quantity';
import type { AddLine, Option, Reel } from './types';
import { useReelPrice, type PriceState } from './useReelPrice';
import { WizardDialog } from './WizardDialog';

export interface ReelWizardProps {
  reel: Reel;
  /** The fare to price with (a member is always priced with its own by the server). */
  fareId: number | null;
  onAdd: AddLine;
  onClose(): void;
}

const priceText = (price: PriceState) =>
  price.status === 'idle' ? 'Seleccione el tamaño y el diámetro'
    : price.status === 'loading' ? 'Cargando'
      : price.status === 'priced' ? formatPriceSinIva(price.price.price) : price.message;

export function ReelWizardDialog({ reel, fareId, onAdd, onClose }: ReelWizardProps) {
  const wizard = useReelPrice(reel.id, fareId);
  const quantity = useQuantity();
  const [busy, setBusy] = useState(false);
  const { price } = wizard;

  const add = async () => {
    if (price.status !== 'priced') return;
    setBusy(true);
    const line = {
      kind: 'reel' as const,
      reel_diameter_id: price.price.reel_diameter_id,
      unit_price: price.price.price,
      description: `${reel.name} · ${price.price.subcategory_diameter_name}`,
    };
    const stored = await submitLine(line, quantity, onAdd);
    setBusy(false);
    if (stored) onClose();
  };

  return (
    <WizardDialog
      title="Añadir enrollador"
      product={{ name: reel.name ?? '', image: reel.image, detail: reel.description ?? undefined }}
      price={priceText(price)}
      quantity={quantity}
      canAdd={price.status === 'priced'}
      busy={busy}
      onAdd={add}
      onClose={onClose}
    >
      <OptionSelect label="Tamaño" options={wizard.sizes} value={wizard.sizeId} onChange={wizard.chooseSize} />
      <OptionSelect
        label="Diámetro"
        options={wizard.diameters}
        value={wizard.diameter}
        onChange={wizard.setDiameter}
        disabled={wizard.sizeId === undefined}
      />
      <FormControlLabel
        control={<Switch checked={wizard.engine} onChange={(e) => wizard.setEngine(e.target.checked)} />}
        label="Con motor"
      />
    </WizardDialog>
  );
}

function OptionSelect({
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  label: string;
  options: Option[];
  value?: number;
  onChange(value: number): void;
  disabled?: boolean;
}) {
  // The value waits for its options: MUI warns about a value missing from the list while they load.
  const shown = options.some((o) => o.value === value) ? value : '';
  return (
    <TextField select label={label} value={shown} onChange={(e) => onChange(Number(e.target.value))} disabled={disabled} fullWidth>
      {options.length === 0 && (
        <MenuItem disabled value="">
          No hay opciones
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
