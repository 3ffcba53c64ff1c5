/** The reel's sizes (m): at least one, each above the minimum and not above the maximum. */
import { Alert } from '@mui/material';
import { ArrayInput, SimpleFormIterator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { subSizesFit } from '../../../../schemas/reel';
import { Msg } from '../../../shared/messages';
import { DecimalInput } from '../../components/DecimalInput';

export function SubSizesInput() {
  const values = useWatch();
  const subs = values.reels_subcategories as unknown[] | undefined;
  return (
    <>
      <ArrayInput source="reels_subcategories" label="Tamaños (m)">
        <SimpleFormIterator inline disableReordering addButton={undefined}>
          <DecimalInput source="size_max" label="Tamaño (m)" places={2} helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      {!subs?.length && <Alert severity="warning" sx={{ my: 1 }}>{Msg.reelNeedsSize}</Alert>}
      {!!subs?.length && !subSizesFit(values) && <Alert severity="info" sx={{ my: 1 }}>{Msg.reelSizeRange}</Alert>}
    </>
  );
}
