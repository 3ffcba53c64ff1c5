/**
 * "Crear envío": a consignment's date (the day by default, at 12:00:00), carrier, tracking number and
 * remark for the chosen finished orders (POST /api/consignment/create {data: "<json>"}), validated
 * by the consignment schema's own rules; the server's messages show under their fields.
 */
import { useMemo, useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  FormHelperText,
  IconButton,
  TextField,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { CreateBase, SaveButton, SimpleForm, TextInput, Toolbar, useInput } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { consignment } from '../../../../schemas/logistics';
import { useDebounced } from '../../components/useDebounced';
import { useApiQuery } from '../../providers/query';
import { schemaValidator } from '../generated/validate';
import { DateTimeInput } from '../tasks/calendar/DateTimeInput';
import { formatDay } from '../tasks/calendar/dates';
import { searchFinishedOrders, type Consignment, type FoundOrder, type OrderSummary } from './consignmentApi';
import { errorText } from '../tasks/calendar/errorText';

const label = (name: string) => consignment.fields.find((f) => f.name === name)?.label ?? name;
const validate = schemaValidator(consignment, 'create');

export interface ConsignmentDialogProps {
  /** The day the consignment starts with (YYYY-MM-DD). */
  day: string;
  /** The orders chosen in the calendar; without them the dialog offers an order search. */
  orders?: OrderSummary[];
  onClose: () => void;
  onCreated: (created: Consignment) => void;
}

export function ConsignmentDialog({ day, orders, onClose, onCreated }: ConsignmentDialogProps) {
  const record = useMemo(() => ({
    date: `${day} 12:00:00`, carrier: '', tracking_number: '', remark: '', order_ids: orders?.map((o) => o.id) ?? [],
  }), [day, orders]);
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      aria-labelledby="consignment-dialog-title"
      PaperProps={{ sx: { minWidth: { xs: '95vw', sm: 560 }, maxWidth: '95vw' } }}
    >
      <DialogTitle id="consignment-dialog-title" sx={{ pr: 6 }}>
        Crear envío
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        <CreateBase
          resource="consignment"
          redirect={false}
          record={record}
          mutationOptions={{ onSuccess: (created: Consignment) => onCreated(created) }}
        >
          <SimpleForm
            noValidate
            validate={validate}
            sx={{ '& .MuiFormControl-root': { mt: 0 } }}
            toolbar={
              <Toolbar sx={{ gap: 1 }}>
                <SaveButton label="Guardar" alwaysEnable />
                <Button color="inherit" onClick={onClose}>
                  Cancelar
                </Button>
              </Toolbar>
            }
          >
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
              <Box sx={{ mb: 2 }}>
                <DateTimeInput source="date" label={label('date')} />
              </Box>
              <TextInput source="carrier" label={label('carrier')} fullWidth helperText={false} />
              <TextInput source="tracking_number" label={label('tracking_number')} fullWidth helperText={false} />
              <Box />
              <Box sx={{ gridColumn: '1 / -1' }}>
                <TextInput source="remark" label={label('remark')} fullWidth multiline minRows={2} helperText={false} />
              </Box>
            </Box>
            {orders ? <ChosenOrders orders={orders} /> : <OrderIdsInput />}
          </SimpleForm>
        </CreateBase>
      </DialogContent>
    </Dialog>
  );
}

/** The orders picked in the calendar, and the server's word about them (e.g. not finished). */
function ChosenOrders({ orders }: { orders: OrderSummary[] }) {
  const { errors } = useFormState({ name: 'order_ids' });
  const message = errorText(errors.order_ids);
  const moving = orders.filter((o) => o.consignment_id);
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle2" component="h3">
        {label('order_ids')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid="consignment-orders">
        {orders.map((o) => (
          <Chip key={o.id} size="small" label={`Nº ${o.id}${o.customer_info ? ` · ${o.customer_info}` : ''}`} />
        ))}
      </Box>
      {moving.length > 0 && (
        <FormHelperText>
          {moving.length === 1
            ? `El pedido nº ${moving[0].id} ya está en un envío y pasará a este.`
            : `Los pedidos nº ${moving.map((o) => o.id).join(', ')} ya están en un envío y pasarán a este.`}
        </FormHelperText>
      )}
      {typeof message === 'string' && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}

const NO_ORDERS: FoundOrder[] = [];

export const foundLabel = (o: FoundOrder) =>
  [`Nº ${o.id}`, o.customer_info, o.buyer_name, o.delivery_date ? `entrega ${formatDay(o.delivery_date)}` : null]
    .filter(Boolean)
    .join(' · ');

/** Finished orders searched by number or text (reference, buyer, town, tracking code). */
export function useOrderSearch(text: string) {
  // Sent when the typing pauses; the options found so far stay until the new ones arrive.
  const settled = useDebounced(text, 250);
  const { data, isFetching } = useApiQuery(['order', 'finishedSearch', settled], () => searchFinishedOrders(settled), true, {
    keepPrevious: true,
  });
  return { options: data ?? NO_ORDERS, loading: text !== settled || isFetching };
}

/** The order search, as a field of the form (the list's "Añadir"). */
function OrderIdsInput() {
  const { field, fieldState, formState } = useInput({ source: 'order_ids' });
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<FoundOrder[]>([]);
  const { options, loading } = useOrderSearch(text);
  const shown = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;
  return (
    <Autocomplete
      multiple
      fullWidth
      options={options}
      value={chosen}
      loading={loading}
      filterOptions={(x) => x}
      getOptionLabel={foundLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, value) => {
        setChosen(value);
        field.onChange(value.map((o) => o.id));
      }}
      onInputChange={(_e, value) => setText(value)}
      noOptionsText="No coincide ninguna opción"
      loadingText="Cargando"
      renderInput={(params) => (
        <TextField
          {...params}
          label={label('order_ids')}
          error={shown}
          helperText={shown ? errorText(fieldState.error) : 'Busque por número, referencia, comprador o población'}
          onBlur={field.onBlur}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {loading ? <CircularProgress size={16} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
