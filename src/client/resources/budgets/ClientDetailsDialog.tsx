/**
 * The "client details" dialog of a budget (docs/validation.md): billing and shipping data, every field required,
 * validated with the same form schema as the server. Staff can import the client's billing address
 * (docs/roles.md); a member types its buyer's data.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import ImportIcon from '@mui/icons-material/ContactMail';
import { Form, TextInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { budgetClientDetailsForm } from '../../../shared/forms/budget';
import { zeroPadded } from '../../../shared/resource';
import { zodValidate } from '../../components/zodForm';
import { clientContracts } from '../../../shared/contracts/clients';
import type { DataOf } from '../../../shared/contracts/contract';
import { call, fieldErrorsOf } from '../../providers/http';
import { updateClientDetails, type Budget, type ClientDetailsValues } from './budgetApi';

const FIELDS: Array<[keyof Budget, string]> = [
  ['buyer_name', 'Nombre'],
  ['buyer_email', 'Email'],
  ['buyer_phone_number', 'Teléfono'],
  ['remark_OB1PCL', 'Referencia'],
  ['buyer_address_1', 'Dirección de facturación'],
  ['buyer_delivery_address_1', 'Dirección de envío'],
  ['buyer_postal_code', 'Código postal'],
  ['buyer_city', 'Población'],
  ['delivery_time_zone', 'Provincia'],
  ['buyer_country', 'País'],
];

const validate = zodValidate(budgetClientDetailsForm);

export function ClientDetailsDialog({ budget, isAdmin, onClose }: { budget: Budget; isAdmin: boolean; onClose: () => void }) {
  const record = Object.fromEntries(
    FIELDS.map(([name]) => [name, name === 'buyer_postal_code' ? zeroPadded(budget[name] ?? '', 5) : (budget[name] ?? '')]),
  );
  const submit = async (values: ClientDetailsValues) => {
    try {
      await updateClientDetails(budget.id, values);
    } catch (error) {
      return fieldErrorsOf(error);
    }
    onClose();
    return undefined;
  };
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      PaperProps={{ sx: { width: 750, maxWidth: '95vw' } }}
      aria-labelledby="client-details-title"
    >
      <DialogTitle id="client-details-title">Datos del cliente</DialogTitle>
      <Form noValidate record={record} onSubmit={submit} validate={validate}>
        <DialogContent>
          {isAdmin && <ImportBillingAddress clientId={budget.client_id} />}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
            {FIELDS.map(([name, label]) => (
              <TextInput key={name} source={name} label={label} fullWidth helperText={false} />
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained">
            Guardar
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** Staff only: the client's own billing data into the form (the shipping address too, while it is empty). */
function ImportBillingAddress({ clientId }: { clientId: number }) {
  const { setValue, getValues } = useFormContext();
  const importData = async () => {
    let client: DataOf<typeof clientContracts.withTax>;
    try {
      client = await call(clientContracts.withTax, { params: { id: clientId } }, {});
    } catch {
      return;
    }
    const set = (name: string, value: unknown) => setValue(name, value ?? '', { shouldDirty: true, shouldValidate: true });
    set('buyer_email', client.email);
    set('buyer_name', client.name);
    set('buyer_phone_number', client.phone_number);
    set('buyer_address_1', client.address);
    if (!getValues('buyer_delivery_address_1')) set('buyer_delivery_address_1', client.address);
    set('buyer_postal_code', zeroPadded(client.postal_code, 5));
    set('buyer_city', client.city);
    set('delivery_time_zone', client.province);
    set('buyer_country', client.country);
  };
  return <Button startIcon={<ImportIcon />} onClick={importData} sx={{ mb: 2 }}>Importar datos de facturación del cliente</Button>;
}
