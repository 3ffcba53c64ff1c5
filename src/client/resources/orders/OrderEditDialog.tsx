/**
 * The staff's edit dialog of an order's buyer, shipping and delivery data: the order schema's fields and
 * rules (the server's own), saved through the generic update. Field errors of the server show under
 * their fields (pessimistic mode).
 */
import { Box, Button, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { isPastDeliveryDay, order } from '../../../../schemas/order';
import { Msg } from '../../../shared/messages';
import { BUYER_FIELDS, SHIP_FIELDS } from '../../../shared/orderViews';
import type { FieldDef } from '../../../shared/resource';
import { FieldInput } from '../generated/FieldInput';
import { schemaValidator } from '../generated/validate';
import { DayInput } from '../../components/DayInput';
import { StoredEditBase } from '../generated/StoredRecord';

const SECTIONS: Array<{ title: string; fields: string[] }> = [
  { title: 'Comprador', fields: ['customer_info', ...BUYER_FIELDS] },
  { title: 'Envío', fields: [...SHIP_FIELDS] },
  { title: 'Entrega', fields: ['delivery_date', 'order_remark'] },
];

const fieldOf = (name: string) => order.fields.find((f) => f.name === name) as FieldDef;
const validateFields = schemaValidator(order, 'update');
/** The schema's rules, and the server's on the delivery day: a changed one is today or later, the stored one may stay. */
const validateAgainst = (stored: Record<string, unknown> | undefined) => async (values: Record<string, unknown>) => {
  const errors = await validateFields(values);
  if (!errors.delivery_date && isPastDeliveryDay(values.delivery_date, stored?.delivery_date)) errors.delivery_date = Msg.deliveryDatePast;
  return errors;
};

export function OrderEditDialog({ orderId, onClose, onSaved }: { orderId: number; onClose: () => void; onSaved: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      aria-labelledby="order-edit-title"
      PaperProps={{ sx: { minWidth: { xs: '95vw', sm: 750 }, maxWidth: '95vw' } }}
    >
      <DialogTitle id="order-edit-title" sx={{ pr: 6 }}>
        Editar datos del pedido
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        {/* The form opens on the stored order only: typed into before it arrived, it was reset under the
            person's hands, and saved then, it sent the empty fields. */}
        <StoredEditBase resource="order" id={orderId} redirect={false} mutationMode="pessimistic" mutationOptions={{ onSuccess: onSaved }}
          loading="Cargando el pedido" onClose={onClose}>
          <OrderEditForm onClose={onClose} />
        </StoredEditBase>
      </DialogContent>
    </Dialog>
  );
}

function OrderEditForm({ onClose }: { onClose: () => void }) {
  const stored = useRecordContext();
  return (
    <SimpleForm
      noValidate
      validate={validateAgainst(stored)}
      sx={{ '& .MuiFormControl-root': { mt: 0 } }}
      toolbar={
        <Toolbar sx={{ gap: 1 }}>
          <SaveButton label="Guardar" />
          <Button color="inherit" onClick={onClose}>
            Cancelar
          </Button>
        </Toolbar>
      }
    >
      {SECTIONS.map((section) => (
        <Box key={section.title} component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1, mt: 1 }}>
            {section.title}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, rowGap: 1 }}>
            {section.fields.map((name) => {
              const field = fieldOf(name);
              return (
                <Box key={name} sx={{ gridColumn: field.type === 'textarea' ? '1 / -1' : undefined }}>
                  {field.type === 'date' ? <DayInput source={name} label={field.label} /> : <FieldInput field={field} mode="update" />}
                </Box>
              );
            })}
          </Box>
        </Box>
      ))}
    </SimpleForm>
  );
}
