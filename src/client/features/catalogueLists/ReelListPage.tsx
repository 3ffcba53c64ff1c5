/**
 * Reel list (docs/screens.md): /reel-list/{client_id?}/index/{budget_id}/{budget_calculus_id?} (budget variant)
 * and /reel-list/{client_id?}/index (cart variant). Every reel with its sizes; "Añadir" opens the reel
 * wizard, whose line goes to the budget calculation or to the cart.
 */
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import { Loading } from 'react-admin';
import { useApiQuery } from '../../providers/query';
import { cartPaths } from '../../paths/cart';
import { FoldedText } from '../../components/FoldedText';
import { BudgetListHeader } from './BudgetListHeader';
import { allReels } from './catalogueApi';
import { CartClientPicker } from './CartClientPicker';
import { CartListHeader } from './CartListHeader';
import { ProductCard, productGridSx } from './ProductCard';
import { ReelWizardDialog } from './ReelWizardDialog';
import type { AddLine, Reel } from './types';
import { useBudgetTarget } from './useBudgetTarget';
import { useCartTarget } from './useCartTarget';
import { formatMetres } from '../../../shared/format';

/** Sizes are metres (docs/business-rules.md): "4,50 m". */
const metres = (n: number | string | null) => formatMetres(Number(n));

export default function ReelListPage() {
  return useParams().budget_id ? <BudgetReelList /> : <CartReelList />;
}

function BudgetReelList() {
  const { budgetId, calculusId, fareId, addLine } = useBudgetTarget();
  return (
    <ReelCatalogue
      header={<BudgetListHeader title="Enrolladores" budgetId={budgetId} calculusId={calculusId} />}
      fareId={fareId}
      addLine={addLine}
    />
  );
}

function CartReelList() {
  const target = useCartTarget();
  if (target.needsClient) return <CartClientPicker title="Enrolladores" pathFor={(clientId) => cartPaths.reelList(clientId)} />;
  return <ReelCatalogue header={<CartListHeader title="Enrolladores" target={target} />} fareId={target.fareId} addLine={target.addLine} />;
}

function ReelCatalogue({ header, fareId, addLine }: { header: ReactNode; fareId: number | null | undefined; addLine: AddLine }) {
  const reelList = useApiQuery(['reel', 'catalogue'], allReels);
  // A refused list (already notified) shows as an empty one.
  const reels = reelList.isError ? [] : reelList.data ?? null;
  const [chosen, setChosen] = useState<Reel | null>(null);

  return (
    <Box sx={{ maxWidth: 1200 }}>
      {header}
      {!reels || fareId === undefined ? (
        <Loading />
      ) : reels.length === 0 ? (
        <Typography sx={{ my: 2 }}>No hay enrolladores</Typography>
      ) : (
        <Box sx={productGridSx}>
          {reels.map((reel) => (
            <ProductCard key={reel.id} name={reel.name ?? ''} image={reel.image} onAdd={() => setChosen(reel)}>
              <Typography variant="body2" color="text.secondary">
                <FoldedText text={reel.description} limit={90} />
              </Typography>
              <Typography variant="body2">
                Para anchos de {metres(reel.size_min)} a {metres(reel.size_max)}
              </Typography>
              <Typography variant="body2">
                Tamaños: {reel.reels_subcategories.map((s) => metres(s.size_max)).join(' · ') || 'ninguno'}
              </Typography>
            </ProductCard>
          ))}
        </Box>
      )}
      {chosen && fareId !== undefined && <ReelWizardDialog reel={chosen} fareId={fareId} onAdd={addLine} onClose={() => setChosen(null)} />}
    </Box>
  );
}
