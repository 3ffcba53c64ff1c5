/** A member's dashboard: its client's budgets, orders, purchases, consignments and its cart. */
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button } from '@mui/material';
import { dashboardContracts } from '../../../shared/contracts/dashboard';
import { call } from '../../providers/http';
import { formatEuros, formatInteger } from '../../../shared/format';
import { DashboardCard, EmptyState, Figure, MonthlyBars } from './cards';
import { DashboardFrame, Grid } from './layout';
import { ConsignmentList, ExpiringBudgetList } from './lists';
import { useDashboard } from './useDashboard';

export function MemberDashboard() {
  const { data, failed } = useDashboard('member', () => call(dashboardContracts.member));
  return (
    <DashboardFrame title="Panel de control" failed={failed} loading={!data}>
      {data && (
        <Grid>
          <DashboardCard title="Mi carrito" to="/order-cart" linkText="Abrir el carrito">
            {data.cart ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
                <Figure value={formatInteger(data.cart.lines)} caption={data.cart.lines === 1 ? 'Línea' : 'Líneas'} />
                <Figure value={formatEuros(data.cart.total)} caption="Total con IVA" />
              </Box>
            ) : (
              <>
                <EmptyState>Su carrito está vacío.</EmptyState>
                <Button component={RouterLink} to="/item-list/index" variant="outlined" size="small">Ver artículos</Button>
              </>
            )}
          </DashboardCard>

          <DashboardCard title="Mis presupuestos" to="/budget-list/client-budgets">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }}>
              {data.budgetsByStatus.map((s) => <Figure key={s.id} value={formatInteger(s.count)} caption={s.label} />)}
            </Box>
            <ExpiringBudgetList budgets={data.expiringBudgets} />
          </DashboardCard>

          <DashboardCard title="Mis pedidos" to="/client-orders/index">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 1 }}>
              {data.ordersByReview.map((s) => <Figure key={s.id} value={formatInteger(s.count)} caption={s.label} />)}
            </Box>
            <MonthlyBars
              title="Mis compras sin IVA por mes" months={data.months} format={formatEuros}
              series={[{ label: 'Compras sin IVA', data: data.salesPerMonth }]}
              empty="Aún no ha hecho pedidos en los últimos 12 meses."
            />
          </DashboardCard>

          <DashboardCard title="Mis envíos de los próximos 7 días" to="/consignments-list/index">
            <ConsignmentList consignments={data.consignments} detailsPath={(id) => `/consignments-list/details/${id}`} />
          </DashboardCard>
        </Grid>
      )}
    </DashboardFrame>
  );
}
