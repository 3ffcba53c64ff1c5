/** The dashboard's short lists: consignments coming and budgets about to expire. */
import { Link as RouterLink } from 'react-router-dom';
import { Link, List, ListItem, ListItemText } from '@mui/material';
import type { ExpiringBudget, UpcomingConsignment } from '../../../shared/dashboardAnswers';
import { formatDate, formatDateTime } from '../../../shared/format';
import { EmptyState } from './cards';

export function ConsignmentList({
  consignments,
  detailsPath,
}: {
  consignments: UpcomingConsignment[];
  detailsPath: (id: number) => string;
}) {
  if (!consignments.length) return <EmptyState>No hay envíos programados para los próximos 7 días.</EmptyState>;
  return (
    <List dense disablePadding>
      {consignments.map((c) => (
        <ListItem key={c.id} disableGutters divider>
          <ListItemText
            primary={<Link component={RouterLink} to={detailsPath(c.id)}>{`${formatDateTime(c.date)} · ${c.carrier}`}</Link>}
            secondary={`${c.orders} ${c.orders === 1 ? 'pedido' : 'pedidos'}${c.clients ? ` · ${c.clients}` : ''}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

export function ExpiringBudgetList({ budgets }: { budgets: { total: number; first: ExpiringBudget[] } }) {
  if (!budgets.total) return <EmptyState>Ningún presupuesto caduca en los próximos 7 días.</EmptyState>;
  return (
    <>
      <List dense disablePadding>
        {budgets.first.map((b) => (
          <ListItem key={b.id} disableGutters divider>
            <ListItemText
              primary={
                <Link
                  component={RouterLink}
                  to={`/budget-list/budget-calculus-list/${b.id}`}
                >{`Presupuesto nº ${b.id}${b.buyer_name ? ` · ${b.buyer_name}` : ''}`}</Link>
              }
              secondary={`${b.client} · caduca el ${formatDate(b.expires_at)}`}
            />
          </ListItem>
        ))}
      </List>
      {budgets.total > budgets.first.length && <EmptyState>{`Y ${budgets.total - budgets.first.length} más.`}</EmptyState>}
    </>
  );
}
