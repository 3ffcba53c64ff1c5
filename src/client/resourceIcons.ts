/**
 * The menu icons a schema's `page.icon` may name (schemas/README.md); any other name, or none, shows
 * the generic table icon. Naming a new Material icon here is one import and one key.
 */
import Business from '@mui/icons-material/Business';
import Layers from '@mui/icons-material/Layers';
import Percent from '@mui/icons-material/Percent';
import Public from '@mui/icons-material/Public';
import Sell from '@mui/icons-material/Sell';
import TableRows from '@mui/icons-material/TableRows';
import Warehouse from '@mui/icons-material/Warehouse';
import type { SvgIconComponent } from '@mui/icons-material';

export const RESOURCE_ICONS: Readonly<Record<string, SvgIconComponent>> = { Business, Layers, Percent, Public, Sell, TableRows, Warehouse };

export const resourceIcon = (name: string | undefined): SvgIconComponent =>
  name && Object.hasOwn(RESOURCE_ICONS, name) ? RESOURCE_ICONS[name] : TableRows;
