/**
 * A consignment's details (docs/screens.md /consignments/details/{consignment_id}): its date, carrier,
 * tracking number and remark, and its orders with links to their details. Staff edit the data and add
 * or remove orders (an order added here leaves the consignment it was in); a client member reads it,
 * with its own orders only (the server scopes them).
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  Autocomplete, Box, Button, IconButton, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { Confirm, Loading, SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { consignment as consignmentSchema } from '../../../../schemas/logistics';
import { useApiQuery } from '../../providers/query';
import { schemaValidator } from '../generated/validate';
import { DateTimeInput } from '../tasks/calendar/DateTimeInput';
import { formatDateTimeText, formatDay } from '../tasks/calendar/dates';
import { formatTimeRange } from '../../../shared/format';
import { stackedOnPhone } from '../../components/stackedOnPhone';
import { foundLabel, useOrderSearch } from './ConsignmentDialog';
import {
  consignmentOrders, deleteConsignment, getConsignment, setConsignmentOrders, type FoundOrder, type OrderSummary,
} from './consignmentApi';
import { consignmentPaths } from './paths';
import { ActionsHeaderCell } from '../../components/ActionsHeaderCell';
import { StoredEditBase } from '../generated/StoredRecord';

const label = (name: string) => consignmentSchema.fields.find((f) => f.name === name)?.label ?? name;
const validate = schemaValidator(consignmentSchema, 'update');
/** The data form never writes the orders: they change through their own buttons. */
const withoutOrders = ({ order_ids: _orders, ...rest }: Record<string, unknown>) => rest;

function useConsignment(id: number) {
  // Its data and its orders are read together, as one answer: a page never shows one without the other.
  const { data, isError } = useApiQuery(['consignment', id, 'details'], async () => {
    const [consignment, orders] = await Promise.all([getConsignment(id), consignmentOrders(id)]);
    return { consignment, orders };
  }, !!id);
  return { data: data?.consignment ?? null, orders: data?.orders ?? null, failed: !id || isError };
}

export function ConsignmentDetails({ staff }: { staff: boolean }) {
  const id = Number(useParams().consignment_id) || 0;
  const navigate = useNavigate();
  const { data, orders, failed } = useConsignment(id);
  const [confirming, setConfirming] = useState(false);
  const back = staff ? consignmentPaths.staffList : consignmentPaths.memberList;

  if (failed) return <Typography sx={{ p: 2 }}>No se ha podido cargar el envío.</Typography>;
  if (!data || data.id !== id || !orders) return <Loading />;

  return (
    <Box sx={{ maxWidth: 1100, mt: 1, mb: 2 }} data-testid="consignment-details">
      <Paper sx={{ p: 2, mb: 2 }} component="section" aria-label="Envío">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="h6" component="h1">
            Envío nº {data.id}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {staff && (
              <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
                Borrar envío
              </Button>
            )}
            <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(back)}>
              Volver al listado
            </Button>
          </Box>
        </Box>
        {staff ? (
          // Its own read of the consignment: no form until that is there (resources/generated/StoredRecord.tsx).
          <StoredEditBase
            resource="consignment"
            loading="Cargando el envío"
            id={id}
            redirect={false}
            mutationMode="pessimistic"
            transform={withoutOrders}
            // Saved quietly: the page reads it again, as every view of the consignment (its `changes`).
            mutationOptions={{ onSuccess: () => undefined }}
          >
            <SimpleForm
              noValidate
              validate={validate}
              sx={{ 'px': 0, '& .MuiFormControl-root': { mt: 0 } }}
              toolbar={
                <Toolbar sx={{ px: '0 !important' }}>
                  <SaveButton label="Guardar" />
                </Toolbar>
              }
            >
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2, width: '100%' }}>
                <Box sx={{ mb: 2 }}>
                  <DateTimeInput source="date" label={label('date')} />
                </Box>
                <TextInput source="carrier" label={label('carrier')} fullWidth helperText={false} />
                <TextInput source="tracking_number" label={label('tracking_number')} fullWidth helperText={false} />
                <Box sx={{ gridColumn: '1 / -1' }}>
                  <TextInput source="remark" label={label('remark')} fullWidth multiline minRows={2} helperText={false} />
                </Box>
              </Box>
            </SimpleForm>
          </StoredEditBase>
        ) : (
          <Box
            component="dl"
            sx={{
              'display': 'grid',
              'gridTemplateColumns': { xs: '1fr', md: 'repeat(3, 1fr)' },
              'gap': 2,
              'mt': 2,
              'mb': 0,
              '& dt': { color: 'text.secondary', fontSize: '0.8rem' },
              '& dd': { m: 0 },
            }}
          >
            <div>
              <dt>{label('date')}</dt>
              <dd>{formatDateTimeText(data.date)}</dd>
            </div>
            <div>
              <dt>{label('carrier')}</dt>
              <dd>{data.carrier}</dd>
            </div>
            <div>
              <dt>{label('tracking_number')}</dt>
              <dd>{data.tracking_number || '—'}</dd>
            </div>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <dt>{label('remark')}</dt>
              <dd style={{ whiteSpace: 'pre-wrap' }}>{data.remark || '—'}</dd>
            </Box>
          </Box>
        )}
      </Paper>

      <Paper sx={{ p: 2 }} component="section" aria-label="Pedidos del envío">
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          Pedidos del envío
        </Typography>
        <ConsignmentOrders consignmentId={id} orders={orders} staff={staff} />
        {staff && <AddOrder consignmentId={id} orderIds={orders.map((o) => o.id)} />}
      </Paper>

      <Confirm
        isOpen={confirming}
        title="Borrar envío"
        content="¿Seguro que quiere borrar este envío? Sus pedidos quedarán sin envío."
        confirm="Borrar"
        cancel="Cancelar"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          deleteConsignment(id).then(
            () => navigate(back),
            () => undefined,
          );
        }}
      />
    </Box>
  );
}

function ConsignmentOrders({ consignmentId, orders, staff }: { consignmentId: number; orders: OrderSummary[]; staff: boolean }) {
  if (orders.length === 0) return <Typography>Este envío no tiene pedidos.</Typography>;
  const remove = (orderId: number) =>
    setConsignmentOrders(consignmentId, orders.map((o) => o.id).filter((x) => x !== orderId)).catch(() => undefined);
  return (
    <Table size="small" aria-label="Pedidos" sx={stackedOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>Nº pedido</TableCell>
          <TableCell>Referencia</TableCell>
          {staff && <TableCell>Cliente</TableCell>}
          <TableCell>Población</TableCell>
          <TableCell>Entrega</TableCell>
          <TableCell>Recepción</TableCell>
          <TableCell>Estado</TableCell>
          {staff && <ActionsHeaderCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {orders.map((o) => (
          <TableRow key={o.id}>
            <TableCell>
              <Link component={RouterLink} to={staff ? consignmentPaths.staffOrder(o.id) : consignmentPaths.memberOrder(o.id)}>
                {o.id}
              </Link>
            </TableCell>
            <TableCell data-label="Referencia">{o.customer_info || '—'}</TableCell>
            {staff && <TableCell data-label="Cliente">{o.client_name || '—'}</TableCell>}
            <TableCell data-label="Población">{o.ship_city || '—'}</TableCell>
            <TableCell data-label="Entrega">{formatDay(o.delivery_date) || '—'}</TableCell>
            <TableCell data-label="Recepción" sx={{ whiteSpace: 'nowrap' }}>
              {formatTimeRange(o.receiving_from, o.receiving_until) || '—'}
            </TableCell>
            <TableCell data-label="Estado">{o.state}</TableCell>
            {staff && (
              <TableCell align="right" padding="checkbox">
                <Tooltip title="Quitar del envío">
                  <IconButton size="small" aria-label={`Quitar el pedido ${o.id}`} onClick={() => remove(o.id)}>
                    <RemoveIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Adds a finished order, searched by number or text; it leaves the consignment it was in. */
function AddOrder({ consignmentId, orderIds }: { consignmentId: number; orderIds: number[] }) {
  const [text, setText] = useState('');
  const [order, setOrder] = useState<FoundOrder | null>(null);
  const { options, loading } = useOrderSearch(text);
  const add = () => {
    if (!order) return;
    setConsignmentOrders(consignmentId, [...orderIds, order.id]).then(() => { setOrder(null); setText(''); }, () => undefined);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2, flexWrap: 'wrap' }}>
      <Autocomplete
        sx={{ minWidth: 360, flex: 1, maxWidth: 600 }}
        size="small"
        options={options.filter((o) => !orderIds.includes(o.id))}
        value={order}
        loading={loading}
        filterOptions={(x) => x}
        getOptionLabel={foundLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, value) => setOrder(value)}
        inputValue={text}
        onInputChange={(_e, value) => setText(value)}
        noOptionsText="No coincide ninguna opción"
        loadingText="Cargando"
        renderInput={(params) => (
          <TextField {...params} label="Añadir pedido" helperText="Busque por número, referencia, comprador o población" />
        )}
      />
      <Button variant="outlined" startIcon={<AddIcon />} disabled={!order} onClick={add} sx={{ mt: 0.25 }}>
        Añadir
      </Button>
    </Box>
  );
}

export const StaffConsignmentDetailsPage = () => <ConsignmentDetails staff />;
export const MemberConsignmentDetailsPage = () => <ConsignmentDetails staff={false} />;
