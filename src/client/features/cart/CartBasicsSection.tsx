/**
 * "Datos del pedido": the remark, and for staff the shipping price, VAT percentage and invoicing
 * company they may override (docs/api.md updateOrderCartBasicData…). Saving prices every line again;
 * the server names the products no longer available in its message.
 */
import { useState } from 'react';
import { Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { NumberField } from '../../components/NumberField';
import { useApiQuery } from '../../providers/query';
import { fieldErrorsOf } from '../../providers/http';
import type { Option } from '../catalogueLists/types';
import type { OrderDetails } from '../../../shared/orderViews';
import { invoicingCompanyOptions } from '../../common/invoicingCompanyApi';
import { updateCartBasics } from './cartApi';
import type { BasicsDraft } from './cartBasics';
import { cartChecks } from './cartChecksOnDemand';

export interface BasicsSectionProps {
  order: OrderDetails;
  isAdmin: boolean;
  draft: BasicsDraft;
  errors: Record<string, string>;
  onDraft(draft: BasicsDraft): void;
  onErrors(errors: Record<string, string>): void;
  onSaved(order: OrderDetails): void;
}

export function CartBasicsSection({ order, isAdmin, draft, errors, onDraft, onErrors, onSaved }: BasicsSectionProps) {
  const [busy, setBusy] = useState(false);
  const set = (field: keyof BasicsDraft) => (e: { target: { value: string } }) => {
    onDraft({
      ...draft,
      [field]: field === 'invoicing_company_id' ? (e.target.value === '' ? '' : Number(e.target.value)) : e.target.value,
    });
    onErrors({ ...errors, [field]: '' });
  };
  const save = async () => {
    const checks = await cartChecks();
    if (!checks) return;
    const checked = checks.checkBasics(order.id, draft, isAdmin);
    if (!checked.ok) return onErrors(checked.errors);
    setBusy(true);
    try {
      onSaved(await updateCartBasics(order.id, checked.basics));
    } catch (failure) {
      onErrors(fieldErrorsOf(failure) ?? {});
    }
    setBusy(false);
  };
  const field = (name: keyof BasicsDraft) => ({
    value: draft[name],
    onChange: set(name),
    error: !!errors[name],
    helperText: errors[name] || undefined,
  });

  return (
    <Paper component="section" aria-label="Datos del pedido" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>Datos del pedido</Typography>
      {isAdmin && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '160px 160px 1fr' }, gap: 2, mb: 2 }}>
          <NumberField label="Portes (€)" size="small" {...field('shipping_price')} />
          <NumberField label="IVA (%)" size="small" {...field('tax_percentage')} />
          <InvoicingCompanySelect {...field('invoicing_company_id')} />
        </Box>
      )}
      <TextField label="Observaciones" multiline minRows={2} fullWidth {...field('order_remark')} />
      <Button sx={{ mt: 1 }} onClick={save} disabled={busy}>Guardar y recalcular precios</Button>
    </Paper>
  );
}

const NO_OPTIONS: Option[] = [];

function InvoicingCompanySelect(props: {
  value: number | string;
  onChange(e: { target: { value: string } }): void;
  error: boolean;
  helperText?: string;
}) {
  const { data: options = NO_OPTIONS } = useApiQuery(['invoicingCompany', 'options'], () => invoicingCompanyOptions());
  // The value waits for its options: MUI warns about a value missing from the list while they load.
  const value = options.some((o) => o.value === props.value) ? props.value : '';
  return (
    <TextField select label="Empresa de facturación" size="small" {...props} value={value}>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
