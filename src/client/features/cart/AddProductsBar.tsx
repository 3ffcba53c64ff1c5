/** The ways to fill a cart: the article and reel lists in cart mode, and the cover calculator. */
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button } from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';
import SyncIcon from '@mui/icons-material/Sync';
import WidgetsIcon from '@mui/icons-material/Widgets';
import { cartPaths } from '../../paths/cart';

/** `clientId`: staff's client of the cart (a member's lists need none); `orderId`: the cart, once there is one. */
export function AddProductsBar({ clientId, orderId }: { clientId?: number | null; orderId?: number | null }) {
  return (
    <Box component="nav" aria-label="Añadir productos" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <Button variant="outlined" startIcon={<WidgetsIcon />} component={RouterLink} to={cartPaths.itemList(clientId, orderId)}>
        Añadir artículos
      </Button>
      <Button variant="outlined" startIcon={<SyncIcon />} component={RouterLink} to={cartPaths.reelList(clientId, orderId)}>
        Añadir enrolladores
      </Button>
      {orderId && (
        <Button variant="outlined" startIcon={<CalculateIcon />} component={RouterLink} to={cartPaths.calculator(orderId)}>
          Añadir cobertor
        </Button>
      )}
    </Box>
  );
}
