/** The staff's dashboard: budgets and conversion, orders, sales net of VAT, best clients, consignments, production. */
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, List, ListItem, ListItemText } from '@mui/material';
import { dashboardContracts } from '../../../shared/contracts/dashboard';
import { call } from '../../providers/http';
import { formatEuros, formatInteger, formatPercent } from '../../../shared/format';
import { ReviewStatus } from '../../../shared/orders';
import { DashboardCard, EmptyState, Figure, MonthlyBars } from './cards';
import { DashboardFrame, Grid, Wide } from './layout';
import { ConsignmentList, ExpiringBudgetList } from './lists';
import { useDashboard } from './useDashboard';

/** The staff's order list of each review state. */
const REVIEW_LIST: Record<number, string> = {
  [ReviewStatus.draft]: '/orders/drafts',
  [ReviewStatus.toReview]: '/orders/without-review',
  [ReviewStatus.reviewed]: '/orders/reviewed-orders',
};

const ordersOfClient = (id: number) => `/orders/reviewed-orders?filter=${encodeURIComponent(JSON.stringify({ client_id: id }))}`;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function StaffDashboard() {
  const { data, failed } = useDashboard('staff', () => call(dashboardContracts.staff));
  return (
    <DashboardFrame title="Panel de control" failed={failed} loading={!data}>
      {data && (
        <Grid>
          <DashboardCard title="Presupuestos de los últimos 12 meses" to="/budget-list/client-budgets">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 1 }}>
              <Figure value={formatInteger(sum(data.budgets.created))} caption="Creados" to="/budget-list/client-budgets" />
              <Figure value={formatInteger(sum(data.budgets.accepted))} caption="Aceptados" to="/budget-list/accepted-budgets" />
              <Figure value={data.budgets.conversion === null ? '—' : formatPercent(data.budgets.conversion)} caption="Conversión" />
            </Box>
            <MonthlyBars
              title="Presupuestos creados y aceptados por mes"
              months={data.months}
              format={formatInteger}
              series={[
                { label: 'Creados', data: data.budgets.created },
                { label: 'Aceptados', data: data.budgets.accepted },
              ]}
              empty="Aún no hay presupuestos en los últimos 12 meses."
            />
          </DashboardCard>

          <DashboardCard title="Pedidos por estado de revisión" to="/orders/without-review">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 1 }}>
              {data.ordersByReview.map((s) => (
                <Figure key={s.id} value={formatInteger(s.count)} caption={s.label} to={REVIEW_LIST[s.id]} />
              ))}
            </Box>
            <MonthlyBars
              title="Pedidos por mes"
              months={data.months}
              format={formatInteger}
              series={[{ label: 'Pedidos', data: data.ordersPerMonth }]}
              empty="Aún no hay pedidos en los últimos 12 meses."
            />
          </DashboardCard>

          <DashboardCard title="Ventas sin IVA por mes" to="/orders/reviewed-orders">
            <Figure value={formatEuros(sum(data.salesPerMonth))} caption="Últimos 12 meses" />
            <MonthlyBars
              title="Ventas sin IVA por mes y empresa de facturación"
              months={data.months}
              format={formatEuros}
              stacked
              series={data.salesByCompany.map((c) => ({ label: c.name, data: c.sales }))}
              empty="Aún no hay ventas en los últimos 12 meses."
            />
          </DashboardCard>

          <DashboardCard title="Los 10 clientes con más ventas este año" to="/clientes/client-managment">
            {data.topClients.length ? (
              <List dense disablePadding component="ol">
                {data.topClients.map((c, i) => (
                  <ListItem key={c.id} disableGutters divider secondaryAction={<span>{formatEuros(c.sales)}</span>}>
                    <ListItemText
                      primary={<Link component={RouterLink} to={ordersOfClient(c.id)}>{`${i + 1}. ${c.name}`}</Link>}
                      sx={{ pr: 14 }}
                    />
                  </ListItem>
                ))}
              </List>
            ) : (
              <EmptyState>Aún no hay ventas este año.</EmptyState>
            )}
          </DashboardCard>

          <DashboardCard title="Envíos de los próximos 7 días" to="/clientes/consignments">
            <ConsignmentList consignments={data.consignments} detailsPath={(id) => `/clientes/consignments/details/${id}`} />
          </DashboardCard>

          <DashboardCard title="Presupuestos que caducan en 7 días" to="/budget-list/draft-budgets">
            <ExpiringBudgetList budgets={data.expiringBudgets} />
          </DashboardCard>

          <Wide>
            <DashboardCard title="Producción: artículos por paso de trazabilidad" to="/orders/reviewed-orders">
              <MonthlyBars
                title="Artículos de pedidos revisados sin enviar (últimos 60 días), por el paso que esperan"
                categories={data.production.map((s) => s.label)}
                format={formatInteger}
                series={[{ label: 'Artículos', data: data.production.map((s) => s.count) }]}
                empty="No hay artículos en producción: ningún pedido revisado de los últimos 60 días está pendiente de envío."
              />
            </DashboardCard>
          </Wide>
        </Grid>
      )}
    </DashboardFrame>
  );
}
