/**
 * "Terminar pedido" (docs/api.md finishOrderCartAndChangeOrderReviewStatus): the buyer, shipping and
 * delivery data of the order, checked with the server's own form (orderAddressForm). A member's form
 * starts with its own client's data where the order has none; staff copy the client's data with a
 * button and may force the review status. The page's basic data (remark, and staff's shipping, VAT and
 * company) go with it, so that finishing never drops them.
 */
import { useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ImportIcon from '@mui/icons-material/ContactMail';
import { BooleanInput, Form, SelectInput, TextInput } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { useFormContext, useWatch } from 'react-hook-form';
import { order as orderSchema } from '../../../../schemas/order';
import { orderAddressForm, type CartBasicsChanges } from '../../../shared/forms/order';
import { REVIEW_STATUSES } from '../../../shared/orders';
import { zeroPadded } from '../../../shared/resource';
import { zodValidate } from '../../components/zodForm';
import { ApiRejection, fieldErrorsOf } from '../../providers/http';
import {
  ADDRESS_FIELDS, BUYER_FIELDS, buyerOf, SHIP_FIELDS, type AddressField, type OrderDetails, type UnsellableLine,
} from '../../../shared/orderViews';
import { useApiQuery } from '../../providers/query';
import { clientData, finishCart, unsellableLines, type ClientWithTax } from './cartApi';

const label = (name: string) => orderSchema.fields.find((f) => f.name === name)?.label ?? name;

/** Each shipping field and the billing field it copies. */
const SHIP_FROM_BUYER = SHIP_FIELDS.map((ship) => [ship, buyerOf(ship)] as const);
const FORCE_MESSAGE = 'Seleccione el estado de revisión';

const checkAddress = zodValidate(orderAddressForm);
const validate = (values: Record<string, unknown>) => {
  const errors: Record<string, string> = checkAddress(values);
  if (values.force_advance_order_review_status_id && !values.order_review_status_id_to_force)
    errors.order_review_status_id_to_force = FORCE_MESSAGE;
  return errors;
};

/**
 * The client's own data as the order's billing data, and as its shipping data where that is empty: what
 * «Copiar datos del cliente» copies. `keepBilling`: billing data already there stays (a member's form
 * starting from its client, where a budget's buyer may already be the order's).
 */
function withClientData(values: Record<string, unknown>, client: ClientWithTax, keepBilling: boolean): Record<string, unknown> {
  const fromClient: Partial<Record<AddressField, unknown>> = {
    buyer_name: client.name,
    buyer_email: client.email,
    buyer_phone_number: client.phone_number,
    buyer_address_1: client.address,
    buyer_postal_code: zeroPadded(client.postal_code, 5),
    buyer_city: client.city,
    buyer_province: client.province,
    buyer_country: client.country,
  };
  const next = { ...values };
  const empty = (name: string) => next[name] == null || next[name] === '';
  Object.entries(fromClient).forEach(([name, value]) => { if (value != null && (!keepBilling || empty(name))) next[name] = value; });
  SHIP_FROM_BUYER.forEach(([ship, buyer]) => { if (empty(ship) && fromClient[buyer] != null) next[ship] = fromClient[buyer]; });
  return next;
}

function recordOf(order: OrderDetails) {
  const record: Record<string, unknown> = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, order[name] ?? '']));
  record.buyer_postal_code = zeroPadded(record.buyer_postal_code, 5);
  record.ship_postal_code = zeroPadded(record.ship_postal_code, 5);
  record.delivery_date = order.delivery_date ? order.delivery_date.slice(0, 10) : null;
  return { ...record, force_advance_order_review_status_id: false, order_review_status_id_to_force: null };
}

export interface FinishOrderProps {
  order: OrderDetails;
  isAdmin: boolean;
  /** The page's basic data to send with it. */
  basics: CartBasicsChanges;
  onClose(): void;
  onFinished(order: OrderDetails): void;
}

export function FinishOrderDialog({ order, isAdmin, basics, onClose, onFinished }: FinishOrderProps) {
  // The lines to remove are named before the user confirms; the server may find more, and then they are named too.
  const [unsellable, setUnsellable] = useState<UnsellableLine[]>(() => unsellableLines(order));
  // A member's form starts from its own client's data (staff choose a client's data with the button).
  const client = useApiQuery(['client', order.client_id, 'withTax'], () => clientData(order.client_id), !isAdmin);
  const loading = !isAdmin && client.isPending;
  const startWith = useMemo(
    () => (client.data ? withClientData(recordOf(order), client.data, true) : recordOf(order)),
    [order, client.data],
  );
  const submit = async (values: Record<string, unknown>) => {
    const address = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, values[name] === '' ? null : values[name] ?? null]));
    const force = isAdmin && !!values.force_advance_order_review_status_id;
    try {
      const finished = await finishCart(order.id, {
        ...basics,
        ...address,
        ...(force
          ? { force_advance_order_review_status_id: true, order_review_status_id_to_force: Number(values.order_review_status_id_to_force) }
          : {}),
        ...(unsellable.length ? { remove_line_ids: unsellable.map((line) => line.id) } : {}),
      });
      onFinished(finished);
    } catch (error) {
      const found
        = error instanceof ApiRejection ? (error.envelope.error as { unsellable?: UnsellableLine[] } | undefined)?.unsellable : undefined;
      if (found) {
        setUnsellable(found);
        return undefined;
      }
      return fieldErrorsOf(error);
    }
    return undefined;
  };
  const input = (name: AddressField) => <TextInput key={name} source={name} label={label(name)} fullWidth helperText={false} />;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      PaperProps={{ sx: { width: 820, maxWidth: '95vw' } }}
      aria-labelledby="finish-order-title"
    >
      <DialogTitle id="finish-order-title">Terminar pedido</DialogTitle>
      {loading ? (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Cargando" />
        </DialogContent>
      ) : (
        <Form noValidate record={startWith} onSubmit={submit} validate={validate}>
          <DialogContent>
            {unsellable.length > 0 && (
              <Alert severity="warning" sx={{ mb: 2 }} role="alert">
                Estas líneas ya no se pueden vender y se quitarán del pedido:
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {unsellable.map((line) => (
                    <li key={line.id}>
                      {line.product_name} ({line.reason})
                    </li>
                  ))}
                </Box>
              </Alert>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
              {isAdmin && <CopyClientData clientId={order.client_id} />}
              <CopyBillingToShipping />
            </Box>
            {input('customer_info')}
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                  Datos de facturación
                </Typography>
                {BUYER_FIELDS.map(input)}
              </Box>
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                  Datos de envío
                </Typography>
                {SHIP_FIELDS.map(input)}
                <DayInput source="delivery_date" label={label('delivery_date')} />
              </Box>
            </Box>
            {isAdmin && <ForceReviewStatus />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancelar</Button>
            <Button type="submit" variant="contained">
              {unsellable.length ? 'Quitar y terminar pedido' : 'Terminar pedido'}
            </Button>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}

/** Staff only: the review status the order goes to, instead of "Pendiente de revisión". */
function ForceReviewStatus() {
  const forced = useWatch({ name: 'force_advance_order_review_status_id' });
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <BooleanInput source="force_advance_order_review_status_id" label="Forzar estado de revisión" helperText={false} />
      {forced && (
        <SelectInput
          source="order_review_status_id_to_force"
          label="Estado de revisión"
          choices={[...REVIEW_STATUSES]}
          optionText="label"
          optionValue="value"
          translateChoice={false}
          emptyText=""
          sx={{ minWidth: 240 }}
          helperText={false}
        />
      )}
    </Box>
  );
}

function CopyBillingToShipping() {
  const { getValues, setValue } = useFormContext();
  const copy = () =>
    SHIP_FROM_BUYER.forEach(([ship, buyer]) => setValue(ship, getValues(buyer) ?? '', { shouldDirty: true, shouldValidate: true }));
  return <Button startIcon={<ContentCopyIcon />} onClick={copy}>Copiar facturación en envío</Button>;
}

/** Staff only: the client's own data as billing data (and as shipping data where that is empty). */
function CopyClientData({ clientId }: { clientId: number }) {
  const { getValues, setValue } = useFormContext();
  const copy = async () => {
    let client;
    try {
      client = await clientData(clientId);
    } catch {
      return;
    }
    const before = getValues();
    Object.entries(withClientData(before, client, false)).forEach(([name, value]) => {
      if (value !== before[name]) setValue(name, value ?? '', { shouldDirty: true, shouldValidate: true });
    });
  };
  return <Button startIcon={<ImportIcon />} onClick={copy}>Copiar datos del cliente</Button>;
}
