/**
 * Reel list, budget variant (spec §2): /reel-list/{client_id}/index/{budget_id}/{budget_calculus_id}.
 * Every reel with its sizes; "Añadir" opens the reel wizard, whose line goes to the budget calculation.
 */
import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { Loading } from 'react-admin';
import { BudgetListHeader } from './BudgetListHeader';
import { allReels } from './catalogueApi';
import { ProductCard, productGridSx } from './ProductCard';
import { ReelWizardDialog } from './ReelWizardDialog';
import type { Reel } from './types';
import { useBudgetTarget } from './useBudgetTarget';

/** Sizes are metres (spec §9): "4,50 m". */
const metres = (n: number | string) => `${Number(n).toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} m`;

export default function ReelListPage() {
  const { budgetId, calculusId, fareId, addLine } = useBudgetTarget();
  const [reels, setReels] = useState<Reel[] | null>(null);
  const [chosen, setChosen] = useState<Reel | null>(null);
  useEffect(() => { allReels().then(setReels, () => setReels([])); }, []);

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <BudgetListHeader title="Enrolladores" budgetId={budgetId} calculusId={calculusId} />
      {!reels || fareId === undefined ? <Loading /> : reels.length === 0 ? <Typography sx={{ my: 2 }}>No hay enrolladores</Typography> : (
        <Box sx={productGridSx}>
          {reels.map((reel) => (
            <ProductCard key={reel.id} name={reel.name} image={reel.image} onAdd={() => setChosen(reel)}>
              <Typography variant="body2" color="text.secondary">{reel.description}</Typography>
              <Typography variant="body2">Para anchos de {metres(reel.size_min)} a {metres(reel.size_max)}</Typography>
              <Typography variant="body2">Tamaños: {reel.reels_subcategories.map((s) => metres(s.size_max)).join(' · ') || 'ninguno'}</Typography>
            </ProductCard>
          ))}
        </Box>
      )}
      {chosen && fareId !== undefined && <ReelWizardDialog reel={chosen} fareId={fareId} onAdd={addLine} onClose={() => setChosen(null)} />}
    </Box>
  );
}
