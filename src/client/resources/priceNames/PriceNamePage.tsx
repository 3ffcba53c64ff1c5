/**
 * /stock-and-prices/config-name-prices-managment: staff rename the price concepts clients read on
 * budgets, orders and documents. The set of concepts is fixed (created at start-up), so the schema
 * grants no create or delete: the page shows no "Añadir", and the dialog no delete.
 */
import { priceName } from '../../../../schemas/priceName';
import { ResourcePage } from '../generated/ResourcePage';

export default function PriceNamePage() {
  return <ResourcePage schema={priceName} />;
}
