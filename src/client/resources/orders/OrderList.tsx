/**
 * The order lists (docs/screens.md "Orders (admin)", "Client-member routes"): a react-admin List whose pages come
 * from getFilteredOrders (staff: by review status or drafts; client, invoicing company, dates, text) or
 * getClientFilteredOrders (a member: its own client's orders). A row opens the order's details.
 */
import { useMemo } from 'react';
import { Typography } from '@mui/material';
import {
  Datagrid, DataProviderContext, FilterButton, FunctionField, List,
  TextField, TopToolbar, type DataProvider, type RaRecord, type SelectInputProps,
} from 'react-admin';
import { ListSearchInput } from '../../components/ListSearchInput';
import { BooleanFilterInput, SelectFilterInput } from '../generated/lazyFilterInputs';
import { REVIEW_STATUSES, orderStateLabel } from '../../../shared/orders';
import { namedListProps, useListRowsIn, useNamedListProvider } from '../../components/namedList';
import { ClientFilter } from '../generated/referenceFilter';
import { foldFiltersOnPhone, PhoneOrTable } from '../../components/phoneList';
import { usePhone } from '../../components/usePhone';
import { toListResult } from '../../providers/dataProvider';
import { useApiQuery } from '../../providers/query';
import { formatDate, formatDay, formatEuros } from '../../../shared/format';
import { DayInput } from '../../components/DayInput';
import type { OrderListRow, StaffOrderListRequest } from '../../../shared/orderViews';
import { invoicingCompanyOptions } from '../../common/invoicingCompanyApi';
import { getClientFilteredOrders, getFilteredOrders } from './orderApi';
import { orderPaths } from '../../paths/orders';

const reviewChoices = REVIEW_STATUSES.map((s) => ({ id: s.value, name: s.label }));

const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const numberOf = (value: unknown) => (given(value) && Number.isFinite(Number(value)) ? Number(value) : undefined);
const dayOf = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export interface OrderListProps {
  title: string;
  /** Whose list: the staff's (getFilteredOrders) or a member's own (getClientFilteredOrders). */
  viewer: 'staff' | 'client';
  /** Staff lists: a fixed review status (reviewed, to review)… */
  reviewStatus?: number;
  /** …or the drafts (carts and orders sent back to draft). */
  drafts?: boolean;
  storeKey: string;
}

/** The List's filter values as getFilteredOrders filters. */
export function staffFilters(
  filter: Record<string, unknown>,
  fixed: Pick<OrderListProps, 'reviewStatus' | 'drafts'>,
): StaffOrderListRequest['filters'] {
  const out: StaffOrderListRequest['filters'] = {};
  const q = textOf(filter.q);
  if (q) out.q = q;
  const client = numberOf(filter.client_id);
  if (client) out.client_id = client;
  const company = numberOf(filter.invoicing_company_id);
  if (company) out.invoicing_company_id = company;
  const from = dayOf(filter.from_date);
  if (from) out.from_date = from;
  const to = dayOf(filter.to_date);
  if (to) out.to_date = to;
  if (fixed.reviewStatus) out.order_review_status_id = fixed.reviewStatus;
  if (fixed.drafts) out.only_drafts = true;
  return out;
}

/** The app's dataProvider, with the order list read through the named endpoints instead of the generic page. */
function useOrderListProvider({ viewer, reviewStatus, drafts }: OrderListProps): DataProvider {
  return useNamedListProvider('order', async (params, paging) => {
    const filter: Record<string, unknown> = params.filter ?? {};
    if (viewer === 'client') {
      const page = await getClientFilteredOrders({
        ...paging,
        filter: textOf(filter.q),
        status: numberOf(filter.status),
        from_date: dayOf(filter.from_date),
        to_date: dayOf(filter.to_date),
        only_drafts: filter.only_drafts === true ? true : undefined,
      });
      return toListResult(page);
    }
    // The rows carry their client's name: no second call before they show.
    return toListResult(await getFilteredOrders({ ...paging, filters: staffFilters(filter, { reviewStatus, drafts }) }));
  }, [viewer, reviewStatus, drafts]);
}

/** The invoicing company filter, its choices read once the rows are in (one call per list). */
function InvoicingCompanyFilter(props: Omit<SelectInputProps, 'choices'>) {
  // Read silently (a list without its filter's choices still works): its own key, apart from the cart's notified read.
  const { data } = useApiQuery(['invoicingCompany', 'options', 'silent'], () => invoicingCompanyOptions({ silent: true }), useListRowsIn());
  const companies = useMemo(() => (data ?? []).map((o) => ({ id: o.value, name: o.label })), [data]);
  return <SelectFilterInput {...props} choices={companies} />;
}

export function OrderList(props: OrderListProps) {
  const { title, viewer, storeKey } = props;
  const provider = useOrderListProvider(props);
  const staff = viewer === 'staff';
  const phone = usePhone();

  const filters = staff
    ? [
        <ListSearchInput source="q" alwaysOn key="q" />,
        <ClientFilter source="client_id" key="client_id" alwaysOn sx={{ minWidth: 200 }} />,
        <InvoicingCompanyFilter
          source="invoicing_company_id"
          label="Empresa de facturación"
          key="invoicing_company_id"
          alwaysOn
          sx={{ minWidth: 200 }}
        />,
        <DayInput source="from_date" label="Desde" key="from_date" filter alwaysOn />,
        <DayInput source="to_date" label="Hasta" key="to_date" filter alwaysOn />,
      ]
    : [
        <ListSearchInput source="q" alwaysOn key="q" />,
        <SelectFilterInput source="status" label="Estado" choices={reviewChoices} key="status" alwaysOn sx={{ minWidth: 200 }} />,
        <DayInput source="from_date" label="Desde" key="from_date" filter alwaysOn />,
        <DayInput source="to_date" label="Hasta" key="to_date" filter alwaysOn />,
        // MUI pulls a switch 11 px left of its box (under the filter before it): give it its room back.
        <BooleanFilterInput source="only_drafts" label="Solo borradores" key="only_drafts" alwaysOn sx={{ ml: 1.5 }} />,
      ];

  const details = (id: RaRecord['id']) => (staff ? orderPaths.details(Number(id)) : orderPaths.clientDetails(Number(id)));
  // Our own text: react-admin's would name the resource by its API name.
  const empty = <Typography sx={{ p: 2 }}>No hay pedidos con estos filtros.</Typography>;

  return (
    <DataProviderContext.Provider value={provider}>
      <List
        resource="order"
        title={title}
        filters={foldFiltersOnPhone(filters, phone)}
        {...namedListProps}
        storeKey={storeKey}
        actions={
          <TopToolbar>
            <FilterButton />
          </TopToolbar>
        }
      >
        <PhoneOrTable<OrderListRow>
          to={(r) => details(r.id)}
          empty={empty}
          primary={(r) => `Nº ${r.id} · ${r.customer_info ?? r.buyer_name ?? '—'}`}
          secondary={(r) =>
            `${orderStateLabel(r.status_id, r.order_review_status_id)}${staff && r.client_name ? ` · ${r.client_name}` : ''}`}
          aside={(r) => `${formatDate(r.created_at)} · ${formatEuros(r.total)}`}
          table={
            <Datagrid rowClick={details} bulkActionButtons={false} empty={empty}>
              <TextField source="id" label="Nº pedido" />
              <FunctionField source="created_at" label="Fecha" render={(r: OrderListRow) => formatDate(r.created_at)} />
              {staff && <TextField source="client_name" label="Cliente" sortable={false} emptyText="—" />}
              <TextField source="customer_info" label="Referencia" emptyText="—" />
              <TextField source="buyer_name" label="Comprador" emptyText="—" />
              <TextField source="buyer_city" label="Población" emptyText="—" />
              <FunctionField
                source="order_review_status_id"
                label="Estado"
                render={(r: OrderListRow) => orderStateLabel(r.status_id, r.order_review_status_id)}
              />
              <FunctionField
                source="is_valid"
                label="Validado"
                render={(r: OrderListRow) => (r.is_valid ? `Sí${r.validated_date ? ` (${formatDay(r.validated_date)})` : ''}` : 'No')}
              />
              <FunctionField source="delivery_date" label="Entrega" render={(r: OrderListRow) => formatDay(r.delivery_date) || '—'} />
              <FunctionField
                source="total"
                label="Total"
                sortable={false}
                textAlign="right"
                sx={{ whiteSpace: 'nowrap' }}
                render={(r: OrderListRow) => formatEuros(r.total)}
              />
            </Datagrid>
          }
        />
      </List>
    </DataProviderContext.Provider>
  );
}
