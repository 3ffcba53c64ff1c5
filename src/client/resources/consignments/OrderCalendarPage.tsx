/**
 * The order calendar of the consignments (docs/screens.md "Clients and consignments (admin)": consignments):
 * finished orders by delivery day in month, week and day views ("Nº pedido · referencia · cliente",
 * coloured once in a consignment), loaded for the visible range (POST getDeliveryCalendar). Clicking a
 * day (or an order) opens that day's orders (getClientOrdersInDay) to pick and group in a consignment.
 */
import { useCallback, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import type { DateClickArg } from '@fullcalendar/interaction';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import LocalShipping from '@mui/icons-material/LocalShipping';
import { Loading } from 'react-admin';
import { CalendarView, type CalendarViewHandle } from '../tasks/calendar/CalendarView';
import { addDays, dayOf, formatDay, storedDay } from '../tasks/calendar/dates';
import { formatTimeRange } from '../../../shared/format';
import { useApiQuery } from '../../providers/query';
import { ConsignmentDialog } from './ConsignmentDialog';
import { deliveryCalendar, orderTitle, ordersInDay, type OrderSummary } from './consignmentApi';
import { consignmentPaths } from './paths';

export const COLOURS = {
  pending: { background: '#0b6e99', border: '#09597c' },
  consigned: { background: '#2e7d32', border: '#1b5e20' },
} as const;

function toEvent(order: OrderSummary): EventInput | null {
  const day = storedDay(order.delivery_date);
  if (!day) return null;
  const colours = order.consignment_id ? COLOURS.consigned : COLOURS.pending;
  return {
    id: String(order.id), title: orderTitle(order), start: day, allDay: true,
    backgroundColor: colours.background, borderColor: colours.border, textColor: '#ffffff',
    classNames: [order.consignment_id ? 'order-consigned' : 'order-pending'],
  };
}

export default function OrderCalendarPage() {
  const calendar = useRef<CalendarViewHandle>(null);
  const [day, setDay] = useState<string | null>(null);

  const loadOrders = useCallback((info: EventSourceFuncArg, success: (events: EventInput[]) => void, failure: (error: Error) => void) => {
    deliveryCalendar(dayOf(info.start), dayOf(addDays(info.end, -1)))
      .then((orders) => success(orders.map(toEvent).filter((e): e is EventInput => !!e)), (error: Error) => failure(error));
  }, []);

  return (
    <Box sx={{ mt: 1, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h1">Calendario de envíos</Typography>
        <Legend colour={COLOURS.pending.background} text="Sin envío" />
        <Legend colour={COLOURS.consigned.background} text="En un envío" />
        <Typography variant="body2" color="text.secondary">Pulse un día para ver sus pedidos y crear un envío.</Typography>
      </Box>
      <CalendarView
        ref={calendar}
        label="Calendario de pedidos"
        initialView="dayGridMonth"
        events={loadOrders}
        dateClick={(info: DateClickArg) => setDay(dayOf(info.date))}
        eventClick={(info) => { info.jsEvent.preventDefault(); setDay(dayOf(info.event.start!)); }}
      />
      {day && <DayOrdersDialog day={day} onClose={() => setDay(null)} onChanged={() => calendar.current?.api()?.refetchEvents()} />}
    </Box>
  );
}

function Legend({ colour, text }: { colour: string; text: string }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Box component="span" sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colour, display: 'inline-block' }} />
      <Typography variant="body2" component="span">{text}</Typography>
    </Box>
  );
}

/** The finished orders delivered on a day, to pick some and create a consignment with them. */
function DayOrdersDialog({ day, onClose, onChanged }: { day: string; onClose: () => void; onChanged: () => void }) {
  const dayOrders = useApiQuery(['order', 'deliveredOn', day], () => ordersInDay(day));
  const orders: OrderSummary[] | null = dayOrders.data ?? null;
  const failed = dayOrders.isError;
  const load = () => { void dayOrders.refetch(); };
  const [selected, setSelected] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);

  const toggle = (id: number) => setSelected((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  const all = !!orders?.length && selected.length === orders.length;
  const chosen = orders?.filter((o) => selected.includes(o.id)) ?? [];

  return (
    <>
      <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="day-orders-title">
        <DialogTitle id="day-orders-title" sx={{ pr: 6 }}>
          Pedidos del {formatDay(day)}
          <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>
          {failed && <Typography>No se han podido cargar los pedidos del día.</Typography>}
          {!failed && !orders && <Loading />}
          {orders && orders.length === 0 && <Typography>No hay pedidos terminados con entrega este día.</Typography>}
          {orders && orders.length > 0 && (
            <Table size="small" aria-label="Pedidos del día">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={all}
                      indeterminate={selected.length > 0 && !all}
                      inputProps={{ 'aria-label': 'Seleccionar todos' }}
                      onChange={() => setSelected(all ? [] : orders.map((o) => o.id))}
                    />
                  </TableCell>
                  <TableCell>Nº pedido</TableCell>
                  <TableCell>Referencia</TableCell>
                  <TableCell>Cliente</TableCell>
                  <TableCell>Población</TableCell>
                  <TableCell>Recepción</TableCell>
                  <TableCell>Estado</TableCell>
                  <TableCell>Envío</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {orders.map((o) => (
                  <TableRow key={o.id} hover selected={selected.includes(o.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.includes(o.id)}
                        onChange={() => toggle(o.id)}
                        inputProps={{ 'aria-label': `Seleccionar pedido ${o.id}` }}
                      />
                    </TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={consignmentPaths.staffOrder(o.id)}>
                        {o.id}
                      </Link>
                    </TableCell>
                    <TableCell>{o.customer_info || '—'}</TableCell>
                    <TableCell>{o.client_name || '—'}</TableCell>
                    <TableCell>{o.ship_city || '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimeRange(o.receiving_from, o.receiving_until) || '—'}</TableCell>
                    <TableCell>{o.state}</TableCell>
                    <TableCell>
                      {o.consignment_id ? (
                        <Link component={RouterLink} to={consignmentPaths.staffDetails(o.consignment_id)}>
                          Envío nº {o.consignment_id}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          <Typography variant="body2" sx={{ flex: 1, pl: 2 }} color="text.secondary">
            {selected.length === 1 ? '1 pedido seleccionado' : `${selected.length} pedidos seleccionados`}
          </Typography>
          <Button onClick={onClose}>Cerrar</Button>
          <Button variant="contained" startIcon={<LocalShipping />} disabled={selected.length === 0} onClick={() => setCreating(true)}>
            Crear envío
          </Button>
        </DialogActions>
      </Dialog>
      {creating && (
        <ConsignmentDialog
          day={day}
          orders={chosen}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            setSelected([]);
            load();
            onChanged();
          }}
        />
      )}
    </>
  );
}
