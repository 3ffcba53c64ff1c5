/** /stock-and-prices/reel-managment: reels with their sizes; each row opens its diameters. */
import StraightenIcon from '@mui/icons-material/Straighten';
import { Button, FunctionField, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { reel, subSizesFit } from '../../../../schemas/reel';
import { ResourcePage } from '../generated/ResourcePage';
import { SubSizesInput } from './SubSizesInput';
import { formatMetres } from '../../../shared/format';

function DiametersButton() {
  const record = useRecordContext();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <Button
      label="Diámetros"
      onClick={(e) => {
        e.stopPropagation();
        navigate(`/stock-and-prices/reel-diameter-managment/${record.id}`);
      }}
    >
      <StraightenIcon />
    </Button>
  );
}

const sizesText = (record: { reels_subcategories?: Array<{ size_max: number }> }) =>
  (record.reels_subcategories ?? []).map((s) => formatMetres(s.size_max)).join(' · ');

export default function ReelPage() {
  return (
    <ResourcePage
      schema={reel}
      createDefaults={{ reels_subcategories: [] }}
      dialog={{ children: <SubSizesInput />, canSave: subSizesFit }}
      extraColumns={[
        <FunctionField key="sizes" label="Tamaños" render={sizesText} />,
        <DiametersButton key="diameters" />,
      ]}
    />
  );
}
