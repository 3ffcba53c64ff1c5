/**
 * The budget lists of /budget-list (docs/screens.md): a react-admin List whose page comes from the spec's
 * getBudgetList call (status 0 = every budget the user may see), with client (staff), status, date and
 * free-text filters. A row opens the budget's calculations.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Button, Datagrid, DataProviderContext, FilterButton, FunctionField, List, ReferenceField,
  SelectField, TextField, TopToolbar, type DataProvider, type RaRecord,
} from 'react-admin';
import { ListSearchInput } from '../../components/ListSearchInput';
import { DateFilterInput, SelectFilterInput } from '../generated/lazyFilterInputs';
import { BUDGET_STATUSES, BudgetStatus } from '../../../shared/budgets';
import { namedListProps, useNamedListProvider } from '../../components/namedList';
import { ClientFilter } from '../generated/referenceFilter';
import { foldFiltersOnPhone, PhoneOrTable } from '../../components/phoneList';
import { usePhone } from '../../components/usePhone';
import { toListResult } from '../../providers/dataProvider';
import { formatDate } from '../../../shared/format';
import { getBudgetList, type BudgetListRow } from './budgetApi';
import { ExpiredChip } from './ExpiredChip';
import { budgetPaths } from './paths';
import { useRoles } from '../../providers/useSession';

/** The new-budget form (its inputs and the pool's) loads when «Añadir» is clicked, not before the list's first row (issue 46). */
const BudgetDialog = lazy(() => import('./BudgetDialog').then((m) => ({ default: m.BudgetDialog })));

const statusChoices = BUDGET_STATUSES.map((s) => ({ id: s.value, name: s.label }));

/** A picked day as the start or the end of that day in the user's time zone (created_date is an instant). */
function dayBound(value: unknown, end: boolean): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number);
  return (end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d)).toISOString();
}

/** The List's filter values as getBudgetList filters. */
export function budgetListFilters(filter: Record<string, unknown> = {}): Record<string, unknown> {
  const { created_date_gte, created_date_lte, ...rest } = filter;
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  out.budget_status_id = Number(out.budget_status_id ?? BudgetStatus.all);
  const from = dayBound(created_date_gte, false);
  const to = dayBound(created_date_lte, true);
  if (from) out.created_date_gte = from;
  if (to) out.created_date_lte = to;
  return out;
}

/** The app's dataProvider, with the budget list read through getBudgetList instead of the generic page. */
function useBudgetListProvider(): DataProvider {
  return useNamedListProvider('budget', async (params, paging) => {
    const page = await getBudgetList({ ...paging, filters: budgetListFilters(params.filter) });
    return toListResult(page);
  }, []);
}

export interface BudgetListProps {
  title: string;
  /** A fixed status (drafts, accepted, ordered); none: every budget, with a status filter. */
  status?: number;
  /** "Nuevo presupuesto" (new budgets are drafts, so it shows on the lists that can hold them). */
  canCreate?: boolean;
}

export function BudgetList({ title, status, canCreate }: BudgetListProps) {
  const provider = useBudgetListProvider();
  const navigate = useNavigate();
  // The roles, not the session: the list opens without waiting for auth/info (issue 30).
  const roles = useRoles();
  const isAdmin = !!roles?.includes('admin');
  const [creating, setCreating] = useState(false);
  const phone = usePhone();
  if (!roles) return null;

  const filters = [
    <ListSearchInput source="q" alwaysOn key="q" />,
    ...(isAdmin ? [<ClientFilter source="client_id" key="client_id" />] : []),
    ...(status === undefined
      ? [<SelectFilterInput source="budget_status_id" label="Estado" choices={statusChoices} key="budget_status_id" />]
      : []),
    <DateFilterInput source="created_date_gte" label="Desde" key="created_date_gte" />,
    <DateFilterInput source="created_date_lte" label="Hasta" key="created_date_lte" />,
  ];

  const open = (id: RaRecord['id']) => budgetPaths.calculusList(Number(id));
  // Our own text: react-admin's would name the resource by its API name ("Budgets").
  const empty = <Typography sx={{ p: 2 }}>No hay presupuestos con estos filtros.</Typography>;

  return (
    <DataProviderContext.Provider value={provider}>
      <List
        resource="budget"
        title={title}
        filters={foldFiltersOnPhone(filters, phone)}
        filter={status === undefined ? undefined : { budget_status_id: status }}
        {...namedListProps}
        storeKey={`budget.list.${status ?? 'all'}`}
        actions={
          <TopToolbar>
            <FilterButton />
            {canCreate && (
              <Button label="Nuevo presupuesto" onClick={() => setCreating(true)} variant="contained">
                <AddIcon />
              </Button>
            )}
          </TopToolbar>
        }
      >
        <PhoneOrTable<BudgetListRow>
          to={(r) => open(r.id)}
          empty={empty}
          primary={(r) => `Nº ${r.id} · ${r.remark_OB1PCL ?? r.buyer_name ?? '—'}`}
          secondary={(r) =>
            `${statusChoices.find((c) => c.id === r.budget_status_id)?.name ?? ''}${isAdmin && r.client_name ? ` · ${r.client_name}` : ''}`}
          aside={(r) => (
            <>
              {formatDate(r.created_date)}
              {r.is_expired && <ExpiredChip />}
            </>
          )}
          table={
            <Datagrid rowClick={open} bulkActionButtons={false} empty={empty}>
              <TextField source="id" label="Nº presupuesto" />
              <FunctionField source="created_date" label="Fecha" render={(r: BudgetListRow) => formatDate(r.created_date)} />
              {isAdmin && <TextField source="client_name" label="Cliente" sortable={false} />}
              <TextField source="remark_OB1PCL" label="Referencia" />
              <ReferenceField source="pool_cover_type_id" reference="poolCoverType" label="Tipo de cobertor" link={false} emptyText="—" />
              <SelectField source="budget_status_id" label="Estado" choices={statusChoices} />
              <FunctionField
                source="expires_at"
                label="Válido hasta"
                render={(r: BudgetListRow) => (
                  <>
                    {formatDate(r.expires_at)}
                    {r.is_expired && <ExpiredChip />}
                  </>
                )}
              />
              <TextField source="buyer_name" label="Comprador" emptyText="—" />
            </Datagrid>
          }
        />
      </List>
      {creating && (
        <Suspense fallback={null}>
          <BudgetDialog onClose={() => setCreating(false)} onCreated={(budget) => navigate(budgetPaths.calculusList(budget.id))} />
        </Suspense>
      )}
    </DataProviderContext.Provider>
  );
}
