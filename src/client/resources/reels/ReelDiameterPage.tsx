/** /stock-and-prices/reel-diameter-managment/{reel_id}: the diameters of one reel, by size, with and without motor. */
import { useParams } from 'react-router-dom';
import { Typography } from '@mui/material';
import { Loading, useGetOne } from 'react-admin';
import { DEFAULT_REEL_DIAMETER, reelDiameter } from '../../../../schemas/reel';
import { ResourcePage } from '../generated/ResourcePage';

export default function ReelDiameterPage() {
  const reelId = Number(useParams().reel_id);
  const { data: reel, isPending } = useGetOne('reel', { id: reelId }, { enabled: reelId > 0 });
  if (isPending) return <Loading />;
  if (!reel) return null;
  const subIds = (reel.reels_subcategories as Array<{ id: number }>).map((s) => s.id);
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>Diámetros de {reel.name}</Typography>
      <ResourcePage
        schema={reelDiameter}
        title={`Diámetros de ${reel.name}`}
        permanentFilter={{ reel_subcategory_id: subIds }}
        createDefaults={DEFAULT_REEL_DIAMETER}
        dialog={{ referenceFilters: { reel_subcategory_id: { reel_id: reelId } } }}
      />
    </>
  );
}
