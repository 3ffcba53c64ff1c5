/**
 * Accessory list (docs/screens.md): /item-list/{client_id?}/index/{budget_id}/{budget_calculus_id?} (budget
 * variant) and /item-list/{client_id?}/index (cart variant). The article catalogue priced with the
 * client's fare, by category and page; "Añadir" opens the item wizard, whose line goes to the budget
 * calculation or to the cart. The list stays open so several articles can be added.
 */
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Box, MenuItem, Pagination, TextField, Typography } from '@mui/material';
import { Loading } from 'react-admin';
import { formatPriceSinIva } from '../../../shared/format';
import { useApiQuery } from '../../providers/query';
import { cartPaths } from '../../paths/cart';
import { BudgetListHeader } from './BudgetListHeader';
import { ALL_CATEGORIES, categoryOptions, itemsPage } from './catalogueApi';
import { CartClientPicker } from './CartClientPicker';
import { CartListHeader } from './CartListHeader';
import { ItemWizardDialog } from './ItemWizardDialog';
import { ProductCard, productGridSx } from './ProductCard';
import type { AddLine, CatalogueItem, ItemPage, Option } from './types';
import { useBudgetTarget } from './useBudgetTarget';
import { useCartTarget } from './useCartTarget';
import { lowestPrice } from './variations';

/** The server's page size of this call (it takes no per_page). */
const PAGE_SIZE = 20;

export default function ItemListPage() {
  return useParams().budget_id ? <BudgetItemList /> : <CartItemList />;
}

function BudgetItemList() {
  const { budgetId, calculusId, fareId, addLine } = useBudgetTarget();
  return (
    <ItemCatalogue
      header={<BudgetListHeader title="Artículos" budgetId={budgetId} calculusId={calculusId} />}
      fareId={fareId}
      addLine={addLine}
    />
  );
}

function CartItemList() {
  const target = useCartTarget();
  if (target.needsClient) return <CartClientPicker title="Artículos" pathFor={(clientId) => cartPaths.itemList(clientId)} />;
  return <ItemCatalogue header={<CartListHeader title="Artículos" target={target} />} fareId={target.fareId} addLine={target.addLine} />;
}

function ItemCatalogue({ header, fareId, addLine }: { header: ReactNode; fareId: number | null | undefined; addLine: AddLine }) {
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [page, setPage] = useState(1);
  const list = useItemPage(category, fareId, page);
  const [chosen, setChosen] = useState<CatalogueItem | null>(null);

  const pages = list ? Math.ceil(list.total / list.per_page) : 0;
  return (
    <Box sx={{ maxWidth: 1200 }}>
      {header}
      <CategoryPicker value={category} onChange={(id) => { setCategory(id); setPage(1); }} />
      {!list ? <Loading /> : list.items.length === 0 ? <Typography sx={{ my: 2 }}>No hay artículos en esta categoría</Typography> : (
        <Box sx={productGridSx}>
          {list.items.map((item) => (
            <ProductCard key={item.id} name={item.name ?? ''} image={item.image} onAdd={() => setChosen(item)}>
              <Typography variant="body2" color="text.secondary">Referencia: {item.reference}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{fromPrice(item)}</Typography>
            </ProductCard>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_, p) => setPage(p)} getItemAriaLabel={pageAriaLabel} />
      )}
      {chosen && <ItemWizardDialog item={chosen} onAdd={addLine} onClose={() => setChosen(null)} />}
    </Box>
  );
}

const NO_OPTIONS: Option[] = [];

/** "desde 6,20 € sin IVA", or "No disponible" when the fare sells none of its variations. */
function fromPrice(item: CatalogueItem) {
  const lowest = lowestPrice(item);
  return lowest === null ? formatPriceSinIva(null) : `desde ${formatPriceSinIva(lowest)}`;
}

/** A page of articles once the fare is known; null while loading. */
function useItemPage(category: number, fareId: number | null | undefined, page: number): ItemPage | null {
  const { data, isError } = useApiQuery(
    ['item', 'catalogue', category, fareId, page],
    () => itemsPage(category, fareId!, page),
    fareId !== undefined,
  );
  if (fareId === undefined) return null;
  // A refused page (already notified) shows as an empty one.
  return isError ? { items: [], total: 0, page, per_page: PAGE_SIZE, has_next_page: false, client_fare_id: fareId } : data ?? null;
}

function CategoryPicker({ value, onChange }: { value: number; onChange(id: number): void }) {
  const { data: options = NO_OPTIONS } = useApiQuery(['category', 'options'], categoryOptions);
  return (
    <TextField
      select
      label="Categoría"
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 260, mb: 2 }}
      size="small"
    >
      <MenuItem value={ALL_CATEGORIES}>Todas</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** MUI's pagination labels are English by default. */
function pageAriaLabel(type: string, page: number | null, selected: boolean) {
  if (type === 'page') return selected ? `Página ${page}` : `Ir a la página ${page}`;
  return { first: 'Primera página', last: 'Última página', next: 'Página siguiente', previous: 'Página anterior' }[type] ?? '';
}
