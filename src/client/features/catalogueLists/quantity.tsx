/** The wizards' quantity (docs/validation.md: minimum 1, step 1), checked with the server's own rule and messages. */
import { useState } from 'react';
import { quantity as quantityRule } from '../../../shared/forms/budget';
import { NumberField } from '../../components/NumberField';
import type { ApiRejection } from '../../providers/http';
import type { AddLine, CatalogueLine } from './types';

export interface QuantityState { value: string; error?: string; setValue(value: string): void; setError(error?: string): void }

export function useQuantity(): QuantityState {
  const [value, setValue] = useState('1');
  const [error, setError] = useState<string>();
  return { value, error, setValue: (v) => { setValue(v); setError(undefined); }, setError };
}

export function QuantityField({ state }: { state: QuantityState }) {
  return (
    <NumberField
      whole
      label="Cantidad"
      value={state.value}
      onChange={(e) => state.setValue(e.target.value)}
      error={!!state.error}
      helperText={state.error}
      sx={{ width: 160 }}
    />
  );
}

/** A line without its quantity: the wizard adds the quantity field's value. */
export type LineDraft = CatalogueLine extends infer L ? (L extends CatalogueLine ? Omit<L, 'quantity'> : never) : never;

/**
 * Checks the quantity, hands the line to `onAdd` and answers whether it was stored. A refusal of the
 * quantity shows under the field; any other refusal was already notified by `api()`.
 */
export async function submitLine(draft: LineDraft, state: QuantityState, onAdd: AddLine): Promise<boolean> {
  const checked = quantityRule.safeParse(state.value);
  if (!checked.success) {
    state.setError(checked.error.issues[0]?.message);
    return false;
  }
  try {
    await onAdd({ ...draft, quantity: checked.data as number } as CatalogueLine);
    return true;
  } catch (error) {
    const errors = (error as Partial<ApiRejection>).body?.errors as Record<string, string> | undefined;
    if (errors?.quantity) state.setError(errors.quantity);
    return false;
  }
}
