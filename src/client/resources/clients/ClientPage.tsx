import CalculateIcon from '@mui/icons-material/Calculate';
import PeopleIcon from '@mui/icons-material/People';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { ReactElement } from 'react';
import { Button, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { client } from '../../../../schemas/client';
import { cartPaths } from '../../paths/cart';
import { calculatorPaths } from '../../paths/calculators';
import { ResourcePage } from '../generated/ResourcePage';

/** A row's shortcut to a page of that client; the click does not open the row's dialog. */
function ClientShortcut({ label, icon, to }: { label: string; icon: ReactElement; to: (clientId: number) => string }) {
  const record = useRecordContext();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <Button
      label={label}
      aria-label={`${label} de ${record.name}`}
      onClick={(e) => {
        e.stopPropagation();
        navigate(to(Number(record.id)));
      }}
    >
      {icon}
    </Button>
  );
}

/** Users of the client, and the staff's shortcuts to order for it: its calculator and its cart. */
const shortcuts = [
  <ClientShortcut key="users" label="Usuarios" icon={<PeopleIcon />} to={(id) => `/usuarios/cliente/${id}`} />,
  <ClientShortcut key="calculator" label="Calculadora" icon={<CalculateIcon />} to={calculatorPaths.client} />,
  <ClientShortcut key="cart" label="Carrito" icon={<ShoppingCartIcon />} to={cartPaths.clientCart} />,
];

export default function ClientPage() {
  return <ResourcePage schema={client} extraColumns={shortcuts} />;
}
